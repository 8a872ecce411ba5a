package guardtest

import (
	"encoding/json"
	"fmt"
	"maps"
	"os"
	"path"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"testing"

	"github.com/staterootlint/staterootlint/runtime/guard"
)

// userKind is the kind of the paths the user names: the analysis knows
// they are the user's, not their shape, so any path under Roots["user"]
// is covered when the inventory has a user row.
const userKind = "user"

// staticRow is what the cross-check reads of a row of
// "staterootlint inventory --format json".
type staticRow struct {
	Pattern string `json:"pattern"`
	Kind    string `json:"kind"`
	Op      string `json:"op"`
	At      string `json:"at"`
	Command string `json:"command"`
}

// pattern is a static pattern split for matching: the root kind, and the
// segments below it ("*" is one dynamic segment).
type pattern struct {
	text string
	kind string
	segs []string
	ops  []string
}

// readInventory reads the patterns of the inventory file for command
// (the table's rows when command is "").
func readInventory(path, command string) (map[string][]*pattern, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("read inventory: %w", err)
	}
	var inv struct {
		Artifacts []staticRow `json:"artifacts"`
	}
	if err := json.Unmarshal(b, &inv); err != nil {
		return nil, fmt.Errorf("read inventory %s: %w; write it with staterootlint inventory --by-command --format json", path, err)
	}
	byText := map[string]*pattern{}
	out := map[string][]*pattern{}
	commands := map[string]bool{}
	for _, r := range inv.Artifacts {
		if r.Command != "" {
			commands[r.Command] = true
		}
		if r.Command != command || r.Kind == "command" || r.Kind == "unknown" || r.Kind == "unproven" {
			continue
		}
		p := byText[r.Pattern]
		if p == nil {
			rest, _ := strings.CutPrefix(r.Pattern, r.Kind)
			rest = strings.TrimPrefix(rest, ":")
			p = &pattern{text: r.Pattern, kind: r.Kind}
			if rest != "" {
				p.segs = strings.Split(rest, "/")
			}
			byText[r.Pattern] = p
			out[r.Kind] = append(out[r.Kind], p)
		}
		p.ops = append(p.ops, r.Op)
	}
	if command != "" && !commands[command] {
		names := slices.Sorted(func(yield func(string) bool) {
			for c := range commands {
				if !yield(c) {
					return
				}
			}
		})
		if len(names) == 0 {
			return nil, fmt.Errorf("inventory %s lists no commands; write it with staterootlint inventory --by-command --format json", path)
		}
		return nil, fmt.Errorf("inventory %s has no command %q; valid: %s", path, command, strings.Join(names, ", "))
	}
	return out, nil
}

// match reports whether segs are a path the pattern names.
func (p *pattern) match(segs []string) bool {
	return len(segs) == len(p.segs) && p.prefix(segs)
}

// prefix reports whether segs match the pattern's first len(segs)
// segments: a directory on the way to what it names.
func (p *pattern) prefix(segs []string) bool {
	if len(segs) > len(p.segs) {
		return false
	}
	for i, s := range segs {
		if !segMatch(p.segs[i], s) {
			return false
		}
	}
	return true
}

// segMatch matches one segment: "*" is any, and a segment with a "*" in
// it is a glob of the static part ("*.log"); anything else is literal.
func segMatch(pat, seg string) bool {
	if !strings.Contains(pat, "*") {
		return pat == seg
	}
	ok, err := path.Match(pat, seg)
	return ok && err == nil
}

// removesBelow reports whether the pattern is removed with its contents
// (RemoveAll), so what lies below it may disappear too.
func (p *pattern) removesBelow(segs []string) bool {
	if len(segs) <= len(p.segs) || !p.prefix(segs[:len(p.segs)]) {
		return false
	}
	return slices.ContainsFunc(p.ops, func(op string) bool { return strings.Contains(op, "RemoveAll") })
}

// covers reports whether a write of what at the path segs below the root
// of kind is one the inventory's patterns name: the path itself, a
// directory on the way to one (MkdirAll creates them), or, removed, what
// a RemoveAll of one takes along.
func covers(ps []*pattern, kind string, segs []string, what string) bool {
	if len(ps) == 0 {
		return false
	}
	if kind == userKind || len(segs) == 0 {
		return true
	}
	for _, p := range ps {
		if p.match(segs) || p.prefix(segs) || what == "removed" && p.removesBelow(segs) {
			return true
		}
	}
	return false
}

// closest returns the pattern of kind that shares the most leading
// segments with segs, then is the nearest in depth, for the message of a
// gap; "" when kind has none.
func closest(ps []*pattern, segs []string) string {
	best, score, depth := "", -1, 0
	for _, p := range ps {
		n := 0
		for n < len(segs) && n < len(p.segs) && segMatch(p.segs[n], segs[n]) {
			n++
		}
		d := max(len(p.segs)-len(segs), len(segs)-len(p.segs))
		if n > score || n == score && (d < depth || d == depth && p.text < best) {
			best, score, depth = p.text, n, d
		}
	}
	return best
}

// crossCheck is the run-time side of the inventory: the roots by kind,
// their contents before the test, and the patterns the program may write.
type crossCheck struct {
	file     string
	command  string
	roots    []kindRoot // longest path first: nested roots win
	patterns map[string][]*pattern
	before   []*snapshot
}

type kindRoot struct{ kind, dir string }

// maxRootEntries bounds the snapshot of one root: a test's roots are
// fresh directories, far smaller.
const maxRootEntries = 200000

// startCrossCheck reads the inventory and records the roots, or fails t.
func (c Config) startCrossCheck(t testing.TB) *crossCheck {
	t.Helper()
	if len(c.Roots) == 0 {
		t.Fatalf("guardtest: Config.Inventory %s without Config.Roots; map each root kind of the inventory (repo, global, cache, temp, project, user) to its directory in the test", c.Inventory)
		return nil
	}
	ps, err := readInventory(c.Inventory, c.Command)
	if err != nil {
		t.Fatalf("guardtest: %v", err)
		return nil
	}
	cc := &crossCheck{file: c.Inventory, command: c.Command, patterns: ps}
	for kind, dir := range c.Roots {
		abs, err := filepath.Abs(dir)
		if err != nil {
			t.Fatalf("guardtest: Config.Roots[%q]: %v", kind, err)
			return nil
		}
		if real, err := filepath.EvalSymlinks(abs); err == nil {
			abs = real
		}
		cc.roots = append(cc.roots, kindRoot{kind, abs})
	}
	sort.Slice(cc.roots, func(i, j int) bool {
		if len(cc.roots[i].dir) != len(cc.roots[j].dir) {
			return len(cc.roots[i].dir) > len(cc.roots[j].dir)
		}
		return cc.roots[i].kind < cc.roots[j].kind
	})
	for _, r := range cc.roots {
		var s *snapshot // nil: the root does not exist yet
		if _, err := os.Lstat(r.dir); err == nil {
			s = take(r.dir, maxRootEntries, cc.inner(r))
		}
		cc.before = append(cc.before, s)
	}
	return cc
}

// inner returns the skip function of root r's snapshot: the roots nested
// in it have their own.
func (cc *crossCheck) inner(r kindRoot) func(string) bool {
	return func(p string) bool {
		for _, o := range cc.roots {
			if o.dir != r.dir && len(o.dir) > len(r.dir) && under(o.dir, r.dir) && under(p, o.dir) {
				return true
			}
		}
		return false
	}
}

// rootOf returns the innermost root holding p.
func (cc *crossCheck) rootOf(p string) (kindRoot, bool) {
	for _, r := range cc.roots {
		if under(p, r.dir) {
			return r, true
		}
	}
	return kindRoot{}, false
}

// gaps returns, one line each, the writes seen at run time that no
// static pattern covers: the guard's calls and the snapshot's changes
// inside the roots.
func (cc *crossCheck) gaps(calls []guard.Call) []string {
	var out []string
	seen := map[string]bool{}
	check := func(p, what string) {
		r, ok := cc.rootOf(p)
		if !ok || seen[p] {
			return // outside the roots: Enforce's other layers report it
		}
		seen[p] = true
		rel, err := filepath.Rel(r.dir, p)
		if err != nil {
			return
		}
		var segs []string
		if rel != "." {
			segs = strings.Split(filepath.ToSlash(rel), "/")
		}
		ps := cc.patterns[r.kind]
		if covers(ps, r.kind, segs, what) {
			return
		}
		name := r.kind
		if len(segs) > 0 {
			name += ":" + strings.Join(segs, "/")
		}
		hint := "the inventory has no " + r.kind + " pattern"
		if best := closest(ps, segs); best != "" {
			hint = "the closest pattern is " + best
		}
		scope := "the program's"
		if cc.command != "" {
			scope = "command " + cc.command + "'s"
		}
		out = append(out, fmt.Sprintf("guardtest: %s %q (%s), which none of %s patterns in %s covers (%s); a gap in the static analysis: regenerate the inventory with staterootlint inventory --by-command --format json, and report it if the write is still missing",
			what, p, name, scope, cc.file, hint))
	}
	for _, c := range calls {
		check(filepath.Clean(c.Path), "os."+c.Op+" of")
	}
	for i, r := range cc.roots {
		skip := cc.inner(r)
		after := take(r.dir, maxRootEntries, skip)
		if cc.before[i] == nil {
			// The test made the root: everything in it is new.
			for _, p := range slices.Sorted(maps.Keys(after.entries)) {
				if !after.entries[p].excluded {
					check(p, "created")
				}
			}
			continue
		}
		for _, ch := range diff(cc.before[i], after, skip) {
			check(ch.path, ch.what)
		}
	}
	return out
}
