package main

import (
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/staterootlint/staterootlint/analyzers"
)

func TestLeadingFlags(t *testing.T) {
	for _, tc := range []struct {
		args       []string
		lead, rest int // len(lead); rest starts there
	}{
		{[]string{"explain", "f.go:1"}, 0, 2},
		{[]string{"--config", "x.yaml", "explain", "f.go:1"}, 2, 2},
		{[]string{"--config=x.yaml", "-C", "dir", "inventory"}, 3, 1},
		{[]string{"-Cdir", "--quiet", "--no-cache", "inventory"}, 3, 1},
		{[]string{"--tests", "--report-unproven", "./..."}, 2, 1},
		{[]string{"-v", "--format", "json", "--", "explain"}, 3, 2},
		{[]string{"--bogus", "explain"}, 1, 1},
		{[]string{"--config", "x.yaml"}, 2, 0},
	} {
		lead, rest := leadingFlags(tc.args)
		if len(lead) != tc.lead || len(rest) != len(tc.args)-tc.lead || !slices.Equal(append(slices.Clone(lead), rest...), tc.args) {
			t.Errorf("leadingFlags(%q) = %q, %q; want %d leading", tc.args, lead, rest, tc.lead)
		}
	}
}

// TestGlobalFlagsBeforeSubcommand checks that the flags a subcommand takes
// may come before its name as well as after it.
func TestGlobalFlagsBeforeSubcommand(t *testing.T) {
	file := filepath.Join("testdata", "explain", "main.go")
	cfg := writeConfig(t, "root-env: [APP_OUT]\n")
	_, after, errOut := runCLI(t, analyzers.All, "explain", "--config", cfg, "--no-cache", file+":21")
	if !strings.Contains(after, "1. global: a path under the global state root") {
		t.Fatalf("explain --config: %s%s", after, errOut)
	}
	code, before, errOut := runCLI(t, analyzers.All, "--config", cfg, "--no-cache", "explain", file+":21")
	if code != exitClean || before != after {
		t.Errorf("--config before explain: exit %d\n%s\nwant:\n%s\nstderr:\n%s", code, before, after, errOut)
	}

	suite, _ := newFakeSuite()
	_, after, _ = runCLI(t, suite, "inventory", "-C", "testdata/findings", "--config", cfg, "--format", "json")
	code, before, errOut = runCLI(t, suite, "-C", "testdata/findings", "--config", cfg, "inventory", "--format", "json")
	if code != exitClean || before != after || before == "" {
		t.Errorf("flags before inventory: exit %d\n%s\nwant:\n%s\nstderr:\n%s", code, before, after, errOut)
	}

	// A flag the subcommand does not take is reported as its own.
	if code, _, errOut = runCLI(t, suite, "--enable", "fakewrite", "inventory"); code != exitUsage || !strings.Contains(errOut, "inventory: unknown flag: --enable") {
		t.Errorf("--enable before inventory: exit %d, %s", code, errOut)
	}
	if code, out, _ := runCLI(t, suite, "-C", "testdata/findings", "version"); code != exitClean || !strings.HasPrefix(out, progname+" ") {
		t.Errorf("-C before version: exit %d\n%s", code, out)
	}
	// help takes no flags: those before it are dropped.
	if code, out, _ := runCLI(t, suite, "-C", "testdata/findings", "help"); code != exitClean || !strings.Contains(out, "Usage:") {
		t.Errorf("-C before help: exit %d\n%s", code, out)
	}
}

// TestReportUnprovenFlag checks that --report-unproven lists the writes
// the analysis cannot follow, as report-unproven: true does.
func TestReportUnprovenFlag(t *testing.T) {
	cfg := writeConfig(t, "report-unproven: true\n")
	_, byConfig, _ := runCLI(t, analyzers.All, "-C", "testdata/unproven", "--config", cfg, "--no-cache", "--quiet", "./...")
	code, byFlag, errOut := runCLI(t, analyzers.All, "-C", "testdata/unproven", "--report-unproven", "--no-cache", "--quiet", "./...")
	if code != exitFindings || byFlag != byConfig || !strings.Contains(byFlag, "(unproven)") {
		t.Errorf("--report-unproven: exit %d\n%s\nwant:\n%s\nstderr:\n%s", code, byFlag, byConfig, errOut)
	}
	if strings.Contains(errOut, "not proven rooted") {
		t.Errorf("listed writes are counted again on stderr:\n%s", errOut)
	}
}
