package main

import (
	"strings"
	"testing"

	"github.com/staterootlint/staterootlint/analyzers"
)

// TestCrossModule checks the cross-module rule (rootflow's inModule): a
// library's field requirement does not cross into the module that stores
// into the field, while a library parameter that reaches a write through
// its calls alone is still a requirement on the caller. analysistest runs
// without modules, so the rule is checked through the CLI.
func TestCrossModule(t *testing.T) {
	code, out, errOut := runCLI(t, analyzers.All, "-C", "testdata/crossmod/app", "--enable", "shadowwrite", "./...")
	if code != exitFindings {
		t.Fatalf("exit %d: %s%s", code, out, errOut)
	}
	if !strings.Contains(out, `main.go:19:14: lib.Save receives "state.json" relative to the working directory`) {
		t.Errorf("the parameter requirement is missing:\n%s", out)
	}
	if strings.Contains(out, "display-only") || strings.Count(out, "\n") != 1 {
		t.Errorf("want only the Save finding, not the store into lib's field:\n%s", out)
	}
}
