package guardtest_test

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/staterootlint/staterootlint/runtime/guardtest"
)

// fakeTB records what Enforce reports instead of failing the real test, and
// runs its cleanups when told. Everything else goes to the real test.
type fakeTB struct {
	testing.TB
	name string

	mu       sync.Mutex
	errs     []string
	logs     []string
	skipped  string
	cleanups []func()
}

func (f *fakeTB) Helper() {}

func (f *fakeTB) Name() string {
	if f.name != "" {
		return f.name
	}
	return f.TB.Name()
}

func (f *fakeTB) Errorf(format string, args ...any) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.errs = append(f.errs, fmt.Sprintf(format, args...))
}

func (f *fakeTB) Error(args ...any) { f.Errorf("%s", fmt.Sprint(args...)) }

func (f *fakeTB) Fatalf(format string, args ...any) { f.Errorf(format, args...) }

func (f *fakeTB) Skipf(format string, args ...any) { f.skipped = fmt.Sprintf(format, args...) }

func (f *fakeTB) Logf(format string, args ...any) {
	f.mu.Lock()
	f.logs = append(f.logs, fmt.Sprintf(format, args...))
	f.mu.Unlock()
	f.TB.Logf("fake: "+format, args...)
}

func (f *fakeTB) Cleanup(fn func()) { f.cleanups = append(f.cleanups, fn) }

// finish runs the cleanups, last registered first, as testing does, and
// returns the failures they reported.
func (f *fakeTB) finish() []string {
	for i := len(f.cleanups) - 1; i >= 0; i-- {
		f.cleanups[i]()
	}
	f.cleanups = nil
	return f.errs
}

// scene isolates HOME and moves into a fresh working directory, both under
// the temp dir, so the bypass layer watches small trees the test owns.
type scene struct {
	env  guardtest.Env
	work string
	root string
}

func newScene(t *testing.T) scene {
	t.Helper()
	env := guardtest.IsolateEnv(t)
	base, err := filepath.EvalSymlinks(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	s := scene{env: env, work: filepath.Join(base, "work"), root: filepath.Join(base, "state")}
	for _, d := range []string{s.work, s.root} {
		if err := os.Mkdir(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.WriteFile(filepath.Join(env.Home, ".profile"), []byte("old"), 0o644); err != nil {
		t.Fatal(err)
	}
	t.Chdir(s.work)
	return s
}

func wantFailure(t *testing.T, errs []string, substrs ...string) {
	t.Helper()
	for _, e := range errs {
		ok := true
		for _, s := range substrs {
			ok = ok && strings.Contains(e, s)
		}
		if ok {
			return
		}
	}
	t.Errorf("no failure mentions %q; failures:\n%s", substrs, strings.Join(errs, "\n"))
}

func TestBypassHomeFails(t *testing.T) {
	s := newScene(t)
	ft := &fakeTB{TB: t}
	g := guardtest.Enforce(ft, s.root)
	if err := g.WriteFile(filepath.Join(s.root, "state.json"), []byte("{}"), 0o644); err != nil {
		t.Fatal(err)
	}
	// Behind the guard's back:
	if err := os.WriteFile(filepath.Join(os.Getenv("HOME"), "x"), []byte("shadow"), 0o644); err != nil {
		t.Fatal(err)
	}
	errs := ft.finish()
	wantFailure(t, errs, "created", filepath.Join(s.env.Home, "x"), "without going through the guard")
	if len(errs) != 1 {
		t.Errorf("want exactly one failure, got %d:\n%s", len(errs), strings.Join(errs, "\n"))
	}
}

func TestBypassCwdFails(t *testing.T) {
	s := newScene(t)
	ft := &fakeTB{TB: t}
	guardtest.Enforce(ft, s.root)
	if err := os.WriteFile("x", []byte("shadow"), 0o644); err != nil {
		t.Fatal(err)
	}
	wantFailure(t, ft.finish(), "created", filepath.Join(s.work, "x"))
}

func TestBypassKinds(t *testing.T) {
	cases := []struct {
		name   string
		bypass func(s scene) error
		want   []string
	}{
		{"modify", func(s scene) error {
			return os.WriteFile(filepath.Join(s.env.Home, ".profile"), []byte("new!"), 0o644)
		}, []string{"modified", ".profile"}},
		{"chmod", func(s scene) error {
			return os.Chmod(filepath.Join(s.env.Home, ".profile"), 0o600)
		}, []string{"modified", ".profile"}},
		{"remove", func(s scene) error {
			return os.Remove(filepath.Join(s.env.Home, ".profile"))
		}, []string{"removed", ".profile"}},
		{"xdg-config", func(s scene) error {
			dir := filepath.Join(os.Getenv("XDG_CONFIG_HOME"), "app")
			if err := os.MkdirAll(dir, 0o755); err != nil {
				return err
			}
			return os.WriteFile(filepath.Join(dir, "config.yaml"), nil, 0o644)
		}, []string{"created", filepath.Join(".config", "app")}},
		{"transient", func(s scene) error {
			if err := os.WriteFile("lock", nil, 0o644); err != nil {
				return err
			}
			return os.Remove("lock")
		}, []string{"changed entries in", "work"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			s := newScene(t)
			ft := &fakeTB{TB: t}
			guardtest.Enforce(ft, s.root)
			if err := c.bypass(s); err != nil {
				t.Fatal(err)
			}
			wantFailure(t, ft.finish(), c.want...)
		})
	}
}

func TestCleanTestPasses(t *testing.T) {
	s := newScene(t)
	ft := &fakeTB{TB: t}
	g := guardtest.Enforce(ft, s.root)
	if err := g.MkdirAll(filepath.Join(s.root, "logs"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := g.WriteFile(filepath.Join(s.root, "logs", "a.log"), []byte("x"), 0o644); err != nil {
		t.Fatal(err)
	}
	// Direct writes into the root or the temp dir are within the contract.
	if err := os.WriteFile(filepath.Join(s.root, "direct"), nil, 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := os.CreateTemp("", "scratch"); err != nil {
		t.Fatal(err)
	}
	if _, err := os.ReadFile(filepath.Join(s.env.Home, ".profile")); err != nil {
		t.Fatal(err)
	}
	if errs := ft.finish(); len(errs) != 0 {
		t.Errorf("a clean test failed:\n%s", strings.Join(errs, "\n"))
	}
}

func TestRootInsideWatchedTree(t *testing.T) {
	s := newScene(t)
	ft := &fakeTB{TB: t}
	root := filepath.Join(s.work, "testdata", "state") // does not exist yet
	g := guardtest.Enforce(ft, root)
	if err := g.MkdirAll(filepath.Join(root, "db"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := g.WriteFile(filepath.Join(root, "db", "x"), nil, 0o644); err != nil {
		t.Fatal(err)
	}
	// Creating the root made testdata/ too: that is the one write outside
	// a root the guard allows, and the snapshot excuses it.
	if errs := ft.finish(); len(errs) != 0 {
		t.Errorf("creating and writing a root inside the watched tree failed the test:\n%s", strings.Join(errs, "\n"))
	}
}

func TestViolationsFailWithStack(t *testing.T) {
	s := newScene(t)
	ft := &fakeTB{TB: t}
	g := guardtest.Enforce(ft, s.root)
	err := g.WriteFile(filepath.Join(s.work, "out.json"), nil, 0o644)
	if !errors.Is(err, fs.ErrPermission) {
		t.Fatalf("got %v, want a violation", err)
	}
	errs := ft.finish()
	wantFailure(t, errs, `guard: WriteFile "`+filepath.Join(s.work, "out.json")+`"`, "TestViolationsFailWithStack", "enforce_test.go:")
	if len(errs) != 1 {
		t.Errorf("the refused write is one failure, not a bypass too; got:\n%s", strings.Join(errs, "\n"))
	}
}

func TestWatchBudget(t *testing.T) {
	s := newScene(t)
	deep := filepath.Join(s.env.Home, "big")
	for i := range 50 {
		if err := os.MkdirAll(filepath.Join(deep, fmt.Sprint(i)), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	ft := &fakeTB{TB: t}
	guardtest.Config{MaxEntries: 20}.Enforce(ft, s.root)
	// Shallow state is still seen when the tree is too big to walk whole.
	if err := os.Mkdir(filepath.Join(s.env.Home, ".app"), 0o755); err != nil {
		t.Fatal(err)
	}
	wantFailure(t, ft.finish(), "created", ".app")
	// The log says what is not covered, and the fix for a home directory.
	home, err := filepath.EvalSymlinks(s.env.Home)
	if err != nil {
		t.Fatal(err)
	}
	wantFailure(t, ft.logs, home+" holds more than 20 entries", "a write below them may go unseen", "call guardtest.IsolateEnv(t) before Enforce")
}

// TestWatchBudgetWorkDir: a working directory too big for the budget is
// not fixed by IsolateEnv, and the log says what does.
func TestWatchBudgetWorkDir(t *testing.T) {
	s := newScene(t)
	for i := range 50 {
		if err := os.Mkdir(filepath.Join(s.work, fmt.Sprint(i)), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	ft := &fakeTB{TB: t}
	guardtest.Config{MaxEntries: 20}.Enforce(ft, s.root)
	ft.finish()
	var advice []string
	for _, l := range ft.logs {
		if strings.Contains(l, s.work+" holds more than 20 entries") {
			advice = append(advice, l)
		}
	}
	wantFailure(t, advice, "Config.Watch", "t.Chdir(t.TempDir())", "Config.MaxEntries")
	for _, l := range advice {
		if strings.Contains(l, "IsolateEnv") {
			t.Errorf("the advice for a working directory offers IsolateEnv, which does not shrink it: %s", l)
		}
	}
}

// TestGoTelemetryIgnored runs the go command during an enforced test: it
// updates its telemetry counters under os.UserConfigDir()/go/telemetry,
// creating ~/.config/go on the way, and that is not the test's write. A
// sibling of the telemetry directory still is.
func TestGoTelemetryIgnored(t *testing.T) {
	goBin, err := exec.LookPath("go")
	if err != nil {
		t.Skip("no go command in PATH")
	}
	s := newScene(t)
	telemetry := filepath.Join(s.env.ConfigHome, "go", "telemetry")
	if _, err := os.Stat(filepath.Join(s.env.ConfigHome, "go")); !errors.Is(err, fs.ErrNotExist) {
		t.Fatalf("the isolated config directory already holds go/: %v", err)
	}
	ft := &fakeTB{TB: t}
	guardtest.Enforce(ft, s.root)
	if out, err := exec.Command(goBin, "version").CombinedOutput(); err != nil {
		t.Fatalf("go version: %v\n%s", err, out)
	}
	removeTelemetryAtCleanup(t, s.env.ConfigHome)
	if _, err := os.Stat(telemetry); err != nil {
		// Telemetry off in this go command: write a counter as it would.
		t.Logf("go version wrote no telemetry (%v); writing a counter file in its place", err)
		if err := os.MkdirAll(filepath.Join(telemetry, "local"), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(telemetry, "local", "go@test.count"), []byte("x"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if errs := ft.finish(); len(errs) != 0 {
		t.Errorf("the go command's telemetry failed the test:\n%s", strings.Join(errs, "\n"))
	}

	// Where ~/.config/go exists already, the telemetry below it is
	// ignored just the same.
	s = newScene(t)
	if err := os.Mkdir(filepath.Join(s.env.ConfigHome, "go"), 0o755); err != nil {
		t.Fatal(err)
	}
	ft = &fakeTB{TB: t}
	guardtest.Enforce(ft, s.root)
	if out, err := exec.Command(goBin, "version").CombinedOutput(); err != nil {
		t.Fatalf("go version: %v\n%s", err, out)
	}
	removeTelemetryAtCleanup(t, s.env.ConfigHome)
	if err := os.MkdirAll(filepath.Join(s.env.ConfigHome, "go", "telemetry", "local"), 0o755); err != nil {
		t.Fatal(err)
	}
	if errs := ft.finish(); len(errs) != 0 {
		t.Errorf("the go command's telemetry under an existing ~/.config/go failed the test:\n%s", strings.Join(errs, "\n"))
	}

	// Anything else in ~/.config/go is reported.
	s = newScene(t)
	ft = &fakeTB{TB: t}
	guardtest.Enforce(ft, s.root)
	telemetry = filepath.Join(s.env.ConfigHome, "go", "telemetry")
	if err := os.MkdirAll(telemetry, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(s.env.ConfigHome, "go", "env"), []byte("GOFLAGS=-x\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	wantFailure(t, ft.finish(), "created", filepath.Join(s.env.ConfigHome, "go"))
}

// removeTelemetryAtCleanup removes the go command's directory below
// configHome before the test's temporary directories are removed: a
// telemetry process the go command started may still be writing there,
// which makes the testing package's removal fail with "directory not
// empty". It retries for up to 10 seconds.
func removeTelemetryAtCleanup(t *testing.T, configHome string) {
	t.Cleanup(func() {
		dir := filepath.Join(configHome, "go")
		for range 100 {
			if err := os.RemoveAll(dir); err == nil {
				if _, err := os.Stat(dir); errors.Is(err, fs.ErrNotExist) {
					return
				}
			}
			time.Sleep(100 * time.Millisecond)
		}
		t.Logf("%s still changes 10 s after the go command ran", dir)
	})
}

// TestEnforceForReal runs helper tests in a child test binary with the real
// *testing.T: the ones that write behind the guard's back must fail, the
// clean one must pass.
func TestEnforceForReal(t *testing.T) {
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		mode     string
		wantFail bool
	}{{"home", true}, {"cwd", true}, {"clean", false}} {
		cmd := exec.Command(exe, "-test.run=^TestHelperBypass$", "-test.v")
		cmd.Env = append(os.Environ(), "GUARDTEST_HELPER="+c.mode)
		out, err := cmd.CombinedOutput()
		failed := err != nil
		if failed != c.wantFail {
			t.Errorf("helper %s: failed=%v, want %v:\n%s", c.mode, failed, c.wantFail, out)
		}
		if c.wantFail && !strings.Contains(string(out), "without going through the guard") {
			t.Errorf("helper %s failed for another reason:\n%s", c.mode, out)
		}
	}
}

func TestHelperBypass(t *testing.T) {
	mode := os.Getenv("GUARDTEST_HELPER")
	if mode == "" {
		t.Skip("helper for TestEnforceForReal")
	}
	s := newScene(t)
	g := guardtest.Enforce(t, s.root)
	if err := g.WriteFile(filepath.Join(s.root, "ok"), nil, 0o644); err != nil {
		t.Fatal(err)
	}
	switch mode {
	case "home":
		os.WriteFile(filepath.Join(os.Getenv("HOME"), "x"), nil, 0o644)
	case "cwd":
		os.WriteFile("x", nil, 0o644)
	}
}
