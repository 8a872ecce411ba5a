package guardtest

import (
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/staterootlint/staterootlint/runtime/guard"
)

// DefaultMaxEntries is the per-tree budget of the snapshot walk: about
// 20 ms of lstat on a warm cache, and enough for the shallow levels of a
// real home directory, where ad hoc state appears.
const DefaultMaxEntries = 20000

// Config holds the options of Enforce. The zero Config is what the package
// function Enforce uses.
type Config struct {
	// Guard configures the guard Enforce returns (temp, cache).
	Guard guard.Config

	// Watch lists the trees the bypass layer snapshots. Nil means $HOME
	// and the working directory, read when Enforce runs.
	Watch []string

	// Ignore lists paths whose changes are never reported, on top of the
	// roots and of the places other processes write while tests run,
	// which the snapshot always ignores: os.TempDir(); os.UserCacheDir();
	// $GOCACHE, $GOMODCACHE, $GOCOVERDIR and $GOTMPDIR when set; the pkg
	// directory of each $GOPATH entry ($HOME/go/pkg by default, where the
	// module cache is); and Go's telemetry directory,
	// os.UserConfigDir()/go/telemetry ($HOME/.config/go/telemetry), which
	// the go command and gopls update on their own. The directories
	// created to hold an ignored one (a new ~/.config/go for the
	// telemetry) are not reported while nothing else appears in them.
	Ignore []string

	// MaxEntries bounds each watched tree's snapshot; zero means
	// DefaultMaxEntries. A tree cut short is logged: changes below the cut
	// show only as "changed entries in" their directory, if at all.
	MaxEntries int

	// IsolateEnv points HOME, the XDG base directories and TMPDIR at fresh
	// directories first (see IsolateEnv). It uses t.Setenv, so the test
	// must not be parallel.
	IsolateEnv bool

	// Project, when set, is the user's project tree the code under test
	// works in, and Shape what it may do there: Enforce checks it with
	// Shape.Check (ReadOnly included), and the snapshot leaves the project
	// tree to that check, which is stricter than "nothing outside the
	// roots" (it compares contents) and knows the entries the contract
	// allows outside the state directory, such as a lock file.
	Project string
	Shape   Shape

	// Roots maps the root kinds of the program's inventory ("repo",
	// "global", "cache", "temp", "project", "user") to their directories
	// in this test; they are roots of the guard too. With Inventory, the
	// file "staterootlint inventory --by-command --format json" wrote for
	// the same program, Enforce records what the test writes (the guard's
	// calls, and what the snapshot of each root sees created, modified or
	// removed) and fails the test for each write that no static pattern
	// of the root's kind covers: a gap in the analysis, reported with the
	// closest pattern. A path matches a pattern segment by segment ("*"
	// is any one); the directories on the way to a pattern, and what a
	// RemoveAll of one removes below it, are covered too; any path under
	// the user kind's directory is the user's. A root nested in another
	// (repo in project) is checked against its own kind.
	Roots     map[string]string
	Inventory string
	// Command, with Inventory, checks against the patterns of that
	// command only (its by-command rows): the command's declared shape,
	// asserted from both sides.
	Command string
}

// Enforce returns a Guard confined to roots and fails t at cleanup for
// every write it refused (op, path, stack of the call site) and for every
// change in the watched trees ($HOME and the working directory) outside the
// roots: writes that bypassed the Guard. It is Config{}.Enforce.
func Enforce(t testing.TB, roots ...string) *guard.Guard {
	t.Helper()
	return Config{}.Enforce(t, roots...)
}

// Enforce is the package function Enforce with c's options.
func (c Config) Enforce(t testing.TB, roots ...string) *guard.Guard {
	t.Helper()
	if c.IsolateEnv {
		IsolateEnv(t)
	}
	var cc *crossCheck
	if c.Inventory != "" {
		if cc = c.startCrossCheck(t); cc == nil {
			return nil
		}
		c.Guard.Record = true
	}
	for _, kind := range slices.Sorted(maps.Keys(c.Roots)) {
		roots = append(roots, c.Roots[kind])
	}
	//staterootlint:ignore unproven Config.Roots are directories the test's author chose, like roots
	g, err := c.Guard.New(roots...)
	if err != nil {
		t.Fatalf("guardtest: %v", err)
		return nil
	}
	declare(g.Roots())

	watch := c.Watch
	var home string // the watched $HOME, for the budget's advice
	if watch == nil {
		if h, err := os.UserHomeDir(); err == nil {
			watch = append(watch, h)
			home = realPaths([]string{h})[0]
		}
		if wd, err := os.Getwd(); err == nil {
			watch = append(watch, wd)
		}
	}
	watch = realPaths(watch)
	ignore := realPaths(append(defaultIgnores(), c.Ignore...))
	var shaped []string // excused in every watched tree, even one inside it
	if c.Project != "" {
		c.Shape.Check(t, c.Project)
		shaped = realPaths([]string{c.Project})
	}
	// skipFor excuses the roots, and the ignored paths inside w: a watched
	// tree that itself lies in an ignored one (a working directory under
	// the temp dir) is still watched.
	skipFor := func(w string) func(string) bool {
		var ign []string
		for _, d := range ignore {
			if !under(w, d) {
				ign = append(ign, d)
			}
		}
		// Only roots inside w (or holding it) can excuse a path in w; the
		// declared list grows with every test in the process.
		for _, d := range declared() {
			if under(d, w) || under(w, d) {
				ign = append(ign, d)
			}
		}
		ign = append(ign, shaped...)
		return func(p string) bool {
			for _, d := range ign {
				if under(p, d) {
					return true
				}
			}
			return false
		}
	}
	budget := c.MaxEntries
	if budget <= 0 {
		budget = DefaultMaxEntries
	}
	before := make([]*snapshot, len(watch))
	for i, w := range watch {
		before[i] = take(w, budget, skipFor(w))
		if before[i].partial {
			t.Logf("%s", budgetAdvice(w, home, budget))
		}
	}

	t.Cleanup(func() {
		t.Helper()
		defer g.Close()
		for _, v := range g.Violations() {
			t.Errorf("%v\n%s", v, indent(v.Stack()))
		}
		if cc != nil {
			for _, gap := range cc.gaps(g.Calls()) {
				t.Errorf("%s", gap)
			}
		}
		seen := map[string]bool{}
		for i, w := range watch {
			skip := skipFor(w)
			after := take(w, budget, skip)
			for _, ch := range diff(before[i], after, skip) {
				if seen[ch.path] || ch.what == "created" && (holdsRoot(ch.path) || holdsOnlyIgnored(after, ch.path, ignore)) {
					continue // creating a root's or an ignored place's missing parents is allowed
				}
				seen[ch.path] = true
				t.Errorf("guardtest: %s %q outside the roots %v without going through the guard; write it through the *guard.Guard under a state root", ch.what, ch.path, g.Roots())
			}
		}
	})
	return g
}

// budgetAdvice is the log line for a watched tree w too big for the
// snapshot's budget: what is not covered, and the fix that fits the tree
// (home is the watched $HOME, "" when Config.Watch chose the trees).
func budgetAdvice(w, home string, budget int) string {
	fix := "list smaller trees in Config.Watch, run the test in a fresh directory (t.Chdir(t.TempDir())), or raise Config.MaxEntries"
	if w == home {
		fix = "call guardtest.IsolateEnv(t) before Enforce (or set Config.IsolateEnv) so that HOME is a fresh directory the snapshot covers whole, or raise Config.MaxEntries"
	}
	return fmt.Sprintf("guardtest: %s holds more than %d entries: the snapshot covers only its shallow levels, and a write below them may go unseen; %s", w, budget, fix)
}

// holdsOnlyIgnored reports whether dir, created during the test, was
// created on the way to an ignored place: it is a proper ancestor of one,
// s recorded all its entries, and each is ignored or again such a
// directory. (The go command creates ~/.config/go to hold its telemetry.)
func holdsOnlyIgnored(s *snapshot, dir string, ignore []string) bool {
	if !s.complete[dir] || !slices.ContainsFunc(ignore, func(d string) bool { return d != dir && under(d, dir) }) {
		return false
	}
	for p, e := range s.entries {
		if filepath.Dir(p) != dir || p == dir || e.excluded {
			continue
		}
		if !e.dir || !holdsOnlyIgnored(s, p, ignore) {
			return false
		}
	}
	return true
}

// Env is the set of fresh directories IsolateEnv points the environment at.
type Env struct {
	Home, ConfigHome, DataHome, StateHome, CacheHome, RuntimeDir, TempDir string
}

// IsolateEnv points HOME, XDG_CONFIG_HOME, XDG_DATA_HOME, XDG_STATE_HOME,
// XDG_CACHE_HOME, XDG_RUNTIME_DIR and TMPDIR at fresh, empty directories
// under t.TempDir() for the rest of the test, so code that finds its paths
// through the environment writes somewhere the snapshot sees completely.
// It uses t.Setenv: the test must not call t.Parallel, before or after.
// user.Current().HomeDir reads the password database and ignores HOME.
func IsolateEnv(t testing.TB) Env {
	t.Helper()
	base := t.TempDir()
	mk := func(name string) string {
		d := filepath.Join(base, name)
		if err := os.MkdirAll(d, 0o700); err != nil {
			t.Fatalf("guardtest: isolate env: %v", err)
		}
		return d
	}
	e := Env{
		Home:       mk("home"),
		ConfigHome: mk("home/.config"),
		DataHome:   mk("home/.local/share"),
		StateHome:  mk("home/.local/state"),
		CacheHome:  mk("home/.cache"),
		RuntimeDir: mk("run"),
		TempDir:    mk("tmp"),
	}
	for k, v := range map[string]string{
		"HOME": e.Home, "XDG_CONFIG_HOME": e.ConfigHome, "XDG_DATA_HOME": e.DataHome,
		"XDG_STATE_HOME": e.StateHome, "XDG_CACHE_HOME": e.CacheHome,
		"XDG_RUNTIME_DIR": e.RuntimeDir, "TMPDIR": e.TempDir,
	} {
		t.Setenv(k, v)
	}
	return e
}

// declaredRoots is every root any Enforce in this process has declared.
// The filesystem is shared by every test in the process, so a parallel
// test's legitimate writes into its own roots must not be reported as
// another test's bypass; a root, once declared, stays excused.
var declaredRoots struct {
	sync.Mutex
	paths []string
	seen  map[string]bool
}

func declare(roots []string) {
	all := append(slices.Clone(roots), realPaths(roots)...)
	declaredRoots.Lock()
	defer declaredRoots.Unlock()
	if declaredRoots.seen == nil {
		declaredRoots.seen = map[string]bool{}
	}
	for _, r := range all {
		if !declaredRoots.seen[r] {
			declaredRoots.seen[r] = true
			declaredRoots.paths = append(declaredRoots.paths, r)
		}
	}
}

func declared() []string {
	declaredRoots.Lock()
	defer declaredRoots.Unlock()
	return slices.Clip(declaredRoots.paths)
}

// holdsRoot reports whether dir is a proper ancestor of a declared root.
func holdsRoot(dir string) bool {
	for _, r := range declared() {
		if r != dir && under(r, dir) {
			return true
		}
	}
	return false
}

// defaultIgnores are the places other processes and the test framework
// write while a test runs (Config.Ignore lists them): temp and caches,
// which the contract allows, and Go's telemetry counters, which the go
// command and gopls (run by the test, by an editor, by another test
// binary) update whenever they run.
func defaultIgnores() []string {
	out := []string{os.TempDir()}
	if d, err := os.UserCacheDir(); err == nil {
		out = append(out, d)
	}
	if d, err := os.UserConfigDir(); err == nil {
		// Where golang.org/x/telemetry keeps its counters: go env
		// GOTELEMETRYDIR.
		out = append(out, filepath.Join(d, "go", "telemetry"))
	}
	for _, k := range []string{"GOCACHE", "GOMODCACHE", "GOCOVERDIR", "GOTMPDIR"} {
		if v := os.Getenv(k); v != "" {
			out = append(out, v)
		}
	}
	gopath := os.Getenv("GOPATH")
	if gopath == "" {
		if home, err := os.UserHomeDir(); err == nil {
			gopath = filepath.Join(home, "go")
		}
	}
	for _, p := range filepath.SplitList(gopath) {
		out = append(out, filepath.Join(p, "pkg"))
	}
	return out
}

// realPaths returns the absolute, symlink-free form of each path that
// exists (and the absolute form of one that does not).
func realPaths(paths []string) []string {
	var out []string
	for _, p := range paths {
		if p == "" {
			continue
		}
		a, err := filepath.Abs(p)
		if err != nil {
			continue
		}
		if r, err := filepath.EvalSymlinks(a); err == nil {
			a = r
		}
		out = append(out, a)
	}
	return out
}

func indent(s string) string {
	s = strings.TrimRight(s, "\n")
	if s == "" {
		return ""
	}
	return "\t" + strings.ReplaceAll(s, "\n", "\n\t")
}
