package driver

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestApplyFixes applies two fixes to a file, one of them twice (as two
// analyzers would propose it), and skips a third that overlaps the first.
func TestApplyFixes(t *testing.T) {
	name := filepath.Join(t.TempDir(), "a.go")
	src := "package a\n\nvar x = 1\n"
	if err := os.WriteFile(name, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	edit := func(start, end int, text string) *Fix {
		return &Fix{Edits: []Edit{{File: name, Size: len(src), Start: start, End: end, Text: []byte(text)}}}
	}
	findings := []Finding{
		{Message: "one", Fix: edit(15, 16, "y")},
		{Message: "one again", Fix: edit(15, 16, "y")},
		{Message: "overlaps", Fix: edit(14, 17, "z ")},
		{Message: "two", Fix: edit(19, 20, "2")},
		{Message: "none"},
	}
	rep, err := ApplyFixes(findings, FixOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if rep.Fixed != 3 || rep.Files != 1 || rep.NoFix != 1 || len(rep.Failed) != 1 || rep.Failed[0].Finding.Message != "overlaps" || len(rep.Remaining) != 2 {
		t.Errorf("report: %+v", rep)
	}
	if got, _ := os.ReadFile(name); string(got) != "package a\n\nvar y = 2\n" {
		t.Errorf("the file is now %q", got)
	}
	// The file changed since: the offsets no longer hold.
	if err := os.WriteFile(name, []byte("package a\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := ApplyFixes(findings[:1], FixOptions{}); err == nil {
		t.Errorf("ApplyFixes on a changed file: no error")
	}
}

// TestFixDeclarations: a declaration is applied only with
// FixOptions.Declare; a rewrite offered before it is preferred.
func TestFixDeclarations(t *testing.T) {
	name := filepath.Join(t.TempDir(), "a.go")
	src := "package a\n\nvar x = 1\n"
	edit := func(msg string, declare bool, start, end int, text string) *Fix {
		return &Fix{Message: msg, Declare: declare, Edits: []Edit{{File: name, Size: len(src), Start: start, End: end, Text: []byte(text)}}}
	}
	findings := []Finding{
		{Message: "declaration only", Fix: edit("Declare cwd:x on a", true, 0, 0, "// x\n")},
		{Message: "both", Fix: edit("Derive the path from r()", false, 19, 20, "2"), Alts: []*Fix{edit("Declare cwd:y on a", true, 0, 0, "// y\n")}},
	}
	for _, tc := range []struct {
		declare bool
		want    string
		fixed   int
	}{
		{false, "package a\n\nvar x = 2\n", 1},
		{true, "// x\npackage a\n\nvar x = 2\n", 2},
	} {
		if err := os.WriteFile(name, []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
		rep, err := ApplyFixes(findings, FixOptions{Declare: tc.declare, DryRun: true})
		if err != nil {
			t.Fatal(err)
		}
		if rep.Fixed != tc.fixed || len(rep.Changes) != 1 || string(rep.Changes[0].New) != tc.want {
			t.Errorf("declare %v: %+v", tc.declare, rep)
		}
		if got, _ := os.ReadFile(name); string(got) != src {
			t.Errorf("declare %v: a dry run wrote the file: %q", tc.declare, got)
		}
		if !tc.declare && rep.Declarations != 1 {
			t.Errorf("declarations not applied: %d, want 1", rep.Declarations)
		}
	}
}

// TestFixRevertsWhatBreaksTheBuild: of two fixes in a package, the one
// after which it no longer type-checks is reverted, the other kept.
func TestFixRevertsWhatBreaksTheBuild(t *testing.T) {
	dir := t.TempDir()
	name := filepath.Join(dir, "a.go")
	src := "package a\n\nvar x = 1\n\nvar y = 2\n"
	for file, data := range map[string]string{"go.mod": "module example.com/a\n\ngo 1.22\n", "a.go": src} {
		if err := os.WriteFile(filepath.Join(dir, file), []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	edit := func(start, end int, text string) *Fix {
		return &Fix{Message: "Replace", Edits: []Edit{{File: name, Size: len(src), Start: start, End: end, Text: []byte(text)}}}
	}
	findings := []Finding{
		{Message: "good", Fix: edit(19, 20, "3")},
		{Message: "bad", Fix: edit(30, 31, "undefinedName")},
	}
	rep, err := ApplyFixes(findings, FixOptions{Check: true, Dir: dir})
	if err != nil {
		t.Fatal(err)
	}
	if rep.Fixed != 1 || len(rep.Failed) != 1 || rep.Failed[0].Finding.Message != "bad" || !strings.Contains(rep.Failed[0].Why, "no longer builds") {
		t.Errorf("report: %+v", rep)
	}
	if got, _ := os.ReadFile(name); string(got) != "package a\n\nvar x = 3\n\nvar y = 2\n" {
		t.Errorf("the file is now %q", got)
	}
}

// TestUnifiedDiff prints a change as diff -u does.
func TestUnifiedDiff(t *testing.T) {
	old := "a\nb\nc\nd\ne\nf\ng\nh\n"
	new := "a\nb\nc\nD\ne\nf\ng\nh\ni\n"
	want := "--- a/x.go\n+++ b/x.go\n@@ -1,8 +1,9 @@\n a\n b\n c\n-d\n+D\n e\n f\n g\n h\n+i\n"
	if got := UnifiedDiff("x.go", []byte(old), []byte(new)); got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
	if got := UnifiedDiff("x.go", []byte(old), []byte(old)); got != "" {
		t.Errorf("no change: got %q", got)
	}
}
