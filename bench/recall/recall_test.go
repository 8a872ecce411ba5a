package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func write(t *testing.T, path, text string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
}

func TestApplyAndScore(t *testing.T) {
	mod, inj := t.TempDir(), t.TempDir()
	write(t, filepath.Join(mod, "main.go"), "package main\n\nfunc main() {\n\trun()\n}\n\nfunc run() {}\n")
	write(t, filepath.Join(inj, "01-start.inject"), "# a relative name at start-up\n@@ main.go after 3\n\trecallStart() // recall: shadow\n@@ recall_start.go new\npackage main\n\nimport \"os\"\n\nfunc recallStart() {\n\t_ = os.WriteFile(\"x.log\", nil, 0o644) // recall: shadow\n}\n")
	write(t, filepath.Join(inj, "02-late.inject"), "# two edits of one file keep the pinned line numbers\n@@ main.go after 6\n\t_ = 1 // recall: shadow\n@@ main.go also 7\n")
	var out bytes.Buffer
	if err := apply(mod, inj, &out); err != nil {
		t.Fatal(err)
	}
	want := "01-start\tmain.go:4\trecall_start.go:6\n02-late\tmain.go:8\tmain.go:9\n"
	if out.String() != want {
		t.Errorf("apply printed\n%s\nwant\n%s", out.String(), want)
	}
	got, _ := os.ReadFile(filepath.Join(mod, "main.go"))
	if !strings.Contains(string(got), "func main() {\n\trecallStart() // recall: shadow 01-start\n\trun()") {
		t.Errorf("main.go after apply:\n%s", got)
	}

	expect := filepath.Join(t.TempDir(), "expect.tsv")
	write(t, expect, want)
	findings := filepath.Join(t.TempDir(), "f.json")
	write(t, findings, `{"diagnostics": [
		{"analyzer": "shadowwrite", "file": "/tmp/copy/recall_start.go", "line": 6},
		{"analyzer": "unproven", "file": "/tmp/copy/main.go", "line": 8}
	]}`)
	out.Reset()
	if err := score(expect, findings, &out); err != nil {
		t.Fatal(err)
	}
	if want := "2 1\n# missed 02-late (main.go:8, main.go:9)\n"; out.String() != want {
		t.Errorf("score printed %q, want %q (an unproven finding is a miss)", out.String(), want)
	}
}

func TestParseInjectionErrors(t *testing.T) {
	for text, want := range map[string]string{
		"@@ a.go after x\nf() // recall: shadow\n": "want a line number",
		"@@ a.go\nf() // recall: shadow\n":         `want "@@ FILE after N"`,
		"text\n@@ a.go after 1\nf()\n":             "must be a # comment",
		"# c\n@@ a.go after 1\nf()\n":              "no line ends in",
	} {
		if _, err := parseInjection("x", text); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("parseInjection(%q) = %v, want an error containing %q", text, err, want)
		}
	}
}
