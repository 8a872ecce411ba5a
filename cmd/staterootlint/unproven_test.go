package main

import (
	"strings"
	"testing"

	"github.com/staterootlint/staterootlint/analyzers"
)

// TestUnprovenCountedNotListed checks the three verdicts in the CLI: a
// proven shadow write is a shadowwrite finding; a write the analysis
// cannot follow is counted on stderr and listed only with
// report-unproven: true.
func TestUnprovenCountedNotListed(t *testing.T) {
	code, out, errOut := runCLI(t, analyzers.All, "-C", "testdata/unproven", "--no-cache", "--quiet", "./...")
	if code != exitFindings {
		t.Fatalf("exit %d, want %d: %s", code, exitFindings, errOut)
	}
	if strings.Contains(out, "(unproven)") || !strings.Contains(out, `"state.json" relative to the working directory`) {
		t.Errorf("without report-unproven: want the shadow write only, got:\n%s", out)
	}
	if !strings.Contains(errOut, "1 write not proven rooted; report-unproven: true lists them") {
		t.Errorf("stderr does not count the unproven write:\n%s", errOut)
	}

	cfg := writeConfig(t, "report-unproven: true\n")
	code, out, errOut = runCLI(t, analyzers.All, "-C", "testdata/unproven", "--config", cfg, "--no-cache", "--quiet", "./...")
	if code != exitFindings {
		t.Fatalf("exit %d, want %d: %s", code, exitFindings, errOut)
	}
	if !strings.Contains(out, "main.go:23:18: os.WriteFile writes a map element, which the analysis cannot follow: not proven rooted") || !strings.Contains(out, "(unproven)") {
		t.Errorf("with report-unproven: true, want the unproven write listed, got:\n%s", out)
	}
	if strings.Contains(errOut, "not proven rooted") {
		t.Errorf("listed writes are not counted again on stderr:\n%s", errOut)
	}
}

// TestUnprovenCountsWrites checks that the stderr count is of writes: two
// stores into one field the write reads are two findings, one write.
func TestUnprovenCountsWrites(t *testing.T) {
	_, _, errOut := runCLI(t, analyzers.All, "-C", "testdata/unprovenstores", "--no-cache", "--quiet", "./...")
	if !strings.Contains(errOut, "1 write not proven rooted;") {
		t.Errorf("stderr does not count one write for its two stores:\n%s", errOut)
	}
	_, out, _ := runCLI(t, analyzers.All, "-C", "testdata/unprovenstores", "--report-unproven", "--no-cache", "--quiet", "./...")
	if n := strings.Count(out, "(unproven)"); n != 2 {
		t.Errorf("want both stores listed, got %d:\n%s", n, out)
	}
}
