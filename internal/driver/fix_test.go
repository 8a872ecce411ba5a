package driver

import (
	"os"
	"path/filepath"
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
