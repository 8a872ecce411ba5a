package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/staterootlint/staterootlint/analyzers/inventory"
	"github.com/staterootlint/staterootlint/internal/format"
)

// fakeExplainer answers from a table by write key.
type fakeExplainer map[string][]Site

func (f fakeExplainer) SitesFor(w *Write) []Site { return f[w.Key()] }

// fakeDirectives silences the places it lists.
type fakeDirectives map[string]string

func (f fakeDirectives) Silenced(at string) (string, bool) {
	why, ok := f[at]
	return why, ok
}

func TestOutsideWrites(t *testing.T) {
	arts := []inventory.Artifact{
		{Pattern: "repo:x", Kind: "repo", Op: "os.WriteFile", At: "a.go:3"},
		{Pattern: `cwd:"x"`, Kind: inventory.KindUnknown, Op: "os.WriteFile", At: "b.go:10", Func: "f", Detail: `"x" relative`},
		{Pattern: `cwd:"y"`, Kind: inventory.KindUnknown, Op: "os.WriteFile", At: "b.go:10", Func: "g", Detail: `"y" relative`},
		{Pattern: "unknown", Kind: inventory.KindUnknown, Op: "os.Remove", At: "b.go:9", Func: "f"},
		{Pattern: "unknown", Kind: inventory.KindUnknown, Op: "os.Remove", At: "b.go:9", Func: "main", Command: "serve"},
		{Pattern: "unproven", Kind: inventory.KindUnproven, Op: "os.Create", At: "c.go:1"},
	}
	got := OutsideWrites(arts)
	if len(got) != 2 {
		t.Fatalf("OutsideWrites: %d writes, want 2: %+v", len(got), got)
	}
	if got[0].Key() != "os.Remove at b.go:9" || got[1].Key() != "os.WriteFile at b.go:10" {
		t.Errorf("OutsideWrites order: %s, %s; want b.go:9 before b.go:10", got[0].Key(), got[1].Key())
	}
	if len(got[1].Funcs) != 2 || len(got[1].Details) != 2 {
		t.Errorf("OutsideWrites merged rows: funcs %v, details %v; want two of each", got[1].Funcs, got[1].Details)
	}
}

func TestPlacesShort(t *testing.T) {
	p := Places{Dir: "/tmp/work/prog"}
	for _, c := range []struct{ file, want string }{
		{"/tmp/work/prog/internal/x.go", "internal/x.go"},
		{"/root/go/pkg/mod/github.com/spf13/viper@v1.19.0/viper.go", "viper.go"},
		{"/root/go/pkg/mod/github.com/a/b/v2@v2.0.0/sub/c.go", "sub/c.go"},
		{"/elsewhere/d.go", "d.go"},
	} {
		if got := p.ShortFile(c.file); got != c.want {
			t.Errorf("ShortFile(%q) = %q, want %q", c.file, got, c.want)
		}
	}
}

func TestClassify(t *testing.T) {
	places := Places{Dir: "/m"}
	w := func(at string) *Write { return &Write{Op: "os.WriteFile", At: at} }
	writes := []*Write{
		w("direct.go:5"),   // a finding at the write
		w("chain.go:7"),    // the last step of a finding's chain
		w("unproven.go:3"), // only an unproven finding
		w("origin.go:20"),  // a finding at its outside origin
		w("helper.go:4"),   // a finding at a call that reaches it
		w("ignored.go:9"),  // a directive at the write
		w("excl.go:2"),     // a directive at the call that reaches it
		w("allowed.go:6"),  // explain allows its only outside origin
		w("silent.go:8"),   // explain calls it outside; nothing says so
		w("nothing.go:1"),  // explain shows nothing outside, and no finding
		w("dep.go:40"),     // a dependency's write: a finding at a call of its callee
		w("dep.go:50"),     // a dependency's write explain has nothing for
		w("field.go:10"),   // a finding at a store names it in its message
	}
	writes[10].Callees = []string{"layout.Write"}
	findings := []format.Diagnostic{
		{Analyzer: "shadowwrite", File: "/m/direct.go", Line: 5},
		{Analyzer: "shadowwrite", File: "/m/x.go", Line: 1, Chain: []format.Step{{File: "/m/x.go", Line: 1}, {File: "/m/chain.go", Line: 7}}},
		{Analyzer: "unproven", File: "/m/unproven.go", Line: 3},
		{Analyzer: "cwdwrite", File: "/m/store.go", Line: 11},
		{Analyzer: "shadowwrite", File: "/m/main.go", Line: 30},
		{Analyzer: "shadowwrite", File: "/m/mirror.go", Line: 15},
		{Analyzer: "shadowwrite", File: "/m/config.go", Line: 227, Message: `field cmd.Config.DataDir is assigned a path, and it is written (via cmd.save → os.WriteFile at field.go:10); derive it`},
	}
	ex := fakeExplainer{
		"os.WriteFile at origin.go:20":  {{At: "origin.go:20", Kind: "write", Outside: []Origin{{What: `"x" relative`, At: "store.go:11"}}}},
		"os.WriteFile at helper.go:4":   {{At: "main.go:30", Kind: "call", Reaches: "os.WriteFile at helper.go:4", Outside: []Origin{{What: "the home directory"}}}},
		"os.WriteFile at excl.go:2":     {{At: "cmd.go:12", Kind: "call", Reaches: "os.WriteFile at excl.go:2", Outside: []Origin{{What: "the home directory"}}}},
		"os.WriteFile at allowed.go:6":  {{At: "allowed.go:6", Kind: "write", AllowedOutside: []Origin{{What: `"."`, Why: "allowed: creates nothing"}}}},
		"os.WriteFile at silent.go:8":   {{At: "silent.go:8", Kind: "write", Outside: []Origin{{What: "the home directory from user.Current().HomeDir"}}}},
		"os.WriteFile at nothing.go:1":  {{At: "nothing.go:1", Kind: "write", Others: []string{"parameter: parameter p of f"}}},
		"os.WriteFile at ignored.go:9":  {{At: "ignored.go:9", Kind: "write", Outside: []Origin{{What: "a literal"}}}},
		"os.WriteFile at unproven.go:3": nil,
		"os.WriteFile at dep.go:40":     {{At: "mirror.go:15", Kind: "call", Op: "layout.Write", Reaches: "os.WriteFile at dep.go:41", Outside: []Origin{{What: `"cosign-layout"`}}}},
	}
	dirs := fakeDirectives{"ignored.go:9": "//staterootlint:ignore kept by design", "cmd.go:12": "excluded"}
	want := []string{Reported, Reported, Unproven, Reported, Reported, Ignored, Ignored, Allowed, Dropped, InventoryOnly, Reported, InventoryOnly, Reported}
	outs := Classify(writes, findings, places, ex, dirs)
	if len(outs) != len(want) {
		t.Fatalf("Classify: %d outcomes, want %d", len(outs), len(want))
	}
	for i, o := range outs {
		if o.Verdict != want[i] {
			t.Errorf("%s: %s (%s), want %s", o.Write.Key(), o.Verdict, o.Why, want[i])
		}
	}
	if !strings.Contains(outs[8].Why, "user.Current().HomeDir") {
		t.Errorf("a dropped write's reason should say what explain calls outside: %q", outs[8].Why)
	}
	if !strings.Contains(outs[9].Why, "parameter p of f") {
		t.Errorf("a write with nothing outside should list the write's origins: %q", outs[9].Why)
	}
	c := Count(outs)
	if c != (Counts{Outside: 13, Reported: 6, Unproven: 1, Ignored: 2, Allowed: 1, InventoryOnly: 2, Dropped: 1}) {
		t.Errorf("Count = %+v", c)
	}

	// Without an explainer only the findings that name the write count.
	outs = Classify(writes, findings, places, nil, fakeDirectives{})
	if got := Count(outs); got.Reported != 3 || got.Unproven != 1 || got.InventoryOnly != 9 {
		t.Errorf("Count without an explainer = %+v, want 3 reported, 1 unproven, 9 inventory only", got)
	}
}

func TestFileDirectives(t *testing.T) {
	dir := t.TempDir()
	src := strings.Join([]string{
		"package p",
		"",
		"//staterootlint:ignore shadowwrite kept in place by design",
		"func a() { write() }",
		"func b() { write() } //nolint:shadowwrite // ok",
		"func c() { write() } //nolint:gosec",
		"//staterootlint:ignore",
		"func d() { write() }",
		"func e() { write() } //nolint",
		"",
	}, "\n")
	if err := os.WriteFile(filepath.Join(dir, "p.go"), []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.MkdirAll(filepath.Join(dir, "testdata"), 0o755); err != nil {
		t.Fatal(err)
	}
	d := newFileDirectives(Places{Dir: dir}, []string{"testdata/**"})
	for _, c := range []struct {
		at   string
		want bool
	}{
		{"p.go:3", true}, // the directive's own line
		{"p.go:4", true}, // the line below a directive alone on its line
		{"p.go:5", true},
		{"p.go:6", false}, // another linter's
		{"p.go:8", false}, // no reason: silences nothing
		{"p.go:9", true},
		{"p.go:10", false},
		{"testdata/x.go:1", true}, // excluded
		{"missing.go:1", false},
	} {
		if _, got := d.Silenced(c.at); got != c.want {
			t.Errorf("Silenced(%s) = %v, want %v", c.at, got, c.want)
		}
	}
}
