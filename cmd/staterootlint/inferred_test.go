package main

import (
	"strings"
	"testing"

	"github.com/staterootlint/staterootlint/analyzers"
)

// TestInferredSiblings: an authority declared without file whose result
// is a file (SPEC §4.1) keeps its own siblings inside, and every view
// says so: the lint is silent on p + ".bak", explain says "inferred",
// and the inventory marks the rows; a fixed name beside the file is still
// reported.
func TestInferredSiblings(t *testing.T) {
	auth := "--authority=example.com/initfile/internal/conf.SettingsFile=global"
	code, out, errOut := runCLI(t, analyzers.All, "-C", "testdata/initfile", "--enable", "shadowwrite", auth, "./...")
	if code != exitFindings {
		t.Fatalf("exit %d: %s%s", code, out, errOut)
	}
	if strings.Contains(out, "main.go:15:") || !strings.Contains(out, "main.go:17:18: os.WriteFile writes the parent of a global state root") {
		t.Errorf("want p + \".bak\" inferred and state.db beside the file reported:\n%s", out)
	}
	_, out, errOut = runCLI(t, analyzers.All, "explain", "-C", "testdata/initfile", auth, "main.go:15")
	if want := "1. global:*.bak: a path under the global state root\n     inferred: a sibling of the file an authority declared without file returns"; !strings.Contains(out, want) {
		t.Errorf("explain: want\n%s\ngot\n%s%s", want, out, errOut)
	}
	_, out, errOut = runCLI(t, analyzers.All, "inventory", "-C", "testdata/initfile", "--format", "markdown", auth, "./...")
	for _, want := range []string{
		"| `global:*.bak` | global | os.WriteFile (inferred) | main.go:15 | main.main |",
		"| `global` | global | os.MkdirAll (inferred) | main.go:14 | main.main |",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("inventory: want the row\n%s\ngot\n%s%s", want, out, errOut)
		}
	}
	_, out, _ = runCLI(t, analyzers.All, "inventory", "-C", "testdata/initfile", "--format", "tree", auth, "./...")
	if want := "*.bak  # main.main: os.WriteFile (inferred)"; !strings.Contains(out, want) {
		t.Errorf("inventory tree: want %q in\n%s", want, out)
	}
}
