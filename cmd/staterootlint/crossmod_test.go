package main

import (
	"strings"
	"testing"

	"github.com/staterootlint/staterootlint/analyzers"
)

// TestCrossModule checks the cross-module rule (rootflow's inModule): a
// library's field requirement does not cross into the module that stores
// into the field, while a library parameter that reaches a write through
// its calls alone is still a requirement on the caller, and so is one it
// copies into an options struct passed by value. analysistest runs
// without modules, so the rule is checked through the CLI.
func TestCrossModule(t *testing.T) {
	code, out, errOut := runCLI(t, analyzers.All, "-C", "testdata/crossmod/app", "--enable", "shadowwrite", "./...")
	if code != exitFindings {
		t.Fatalf("exit %d: %s%s", code, out, errOut)
	}
	if !strings.Contains(out, `main.go:19:14: lib.Save receives "state.json" relative to the working directory`) {
		t.Errorf("the parameter requirement is missing:\n%s", out)
	}
	if !strings.Contains(out, `main.go:23:17: lib.GenTree receives "man" relative to the working directory`) {
		t.Errorf("the requirement through a by-value options struct is missing:\n%s", out)
	}
	if strings.Contains(out, "display-only") || strings.Count(out, "\n") != 2 {
		t.Errorf("want only the Save and GenTree findings, not the store into lib's field:\n%s", out)
	}
}
