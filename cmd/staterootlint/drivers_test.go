package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/staterootlint/staterootlint/analyzers"
	"github.com/staterootlint/staterootlint/internal/driver"
)

// runSuite runs the real suite in-process, with the go/packages driver
// (loadAll) or the unit driver (with the cache in cacheDir, if any).
func runSuite(t *testing.T, loadAll bool, cacheDir string, args ...string) (code int, stdout, stderr string, stats driver.Stats) {
	t.Helper()
	var out, errOut bytes.Buffer
	c := &cli{suite: analyzers.All, stdout: &out, stderr: &errOut, loadAll: loadAll, cacheDir: cacheDir}
	code = c.main(args)
	return code, out.String(), errOut.String(), c.stats
}

// TestUnitDriverSameAsLoadAll requires the unit driver to report exactly
// what the go/packages driver reports, in every format, with and without
// tests, for the inventory too, and without falling back to it.
func TestUnitDriverSameAsLoadAll(t *testing.T) {
	skipShort(t)
	root := moduleRoot(t)
	examples := filepath.Join(root, "examples")
	app := filepath.Join(root, "testdata", "e2e", "app")
	for _, tc := range []struct {
		name string
		args []string
	}{
		{"examples", []string{"-C", examples, "./..."}},
		{"examples tests", []string{"-C", examples, "--tests", "./..."}},
		{"examples json", []string{"-C", examples, "--format", "json", "./..."}},
		{"examples sarif", []string{"-C", examples, "--format", "sarif", "./..."}},
		{"examples pattern", []string{"-C", examples, "./internal/legacy"}},
		{"examples inventory", []string{"inventory", "-C", examples, "--format", "json"}},
		{"examples contract", []string{"inventory", "-C", examples, "--contract", "STATE_ROOTS.md"}},
		{"app", []string{"-C", app, "./..."}},
		{"app tests", []string{"-C", app, "--tests", "./..."}},
		{"findings", []string{"-C", "testdata/findings", "--tests", "./..."}},
		{"authority", []string{"-C", "testdata/findings", "--authority", "example.com/findings/store.Save=repo", "./..."}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			wantCode, wantOut, wantErr, _ := runSuite(t, true, "", tc.args...)
			code, out, errOut, stats := runSuite(t, false, "", tc.args...)
			if !stats.Units {
				t.Errorf("the unit driver fell back to go/packages; stderr:\n%s", errOut)
			}
			if code != wantCode || out != wantOut || errOut != wantErr {
				t.Errorf("unit driver: exit %d\n%s%s\ngo/packages driver: exit %d\n%s%s", code, out, errOut, wantCode, wantOut, wantErr)
			}
		})
	}
}

// TestCacheFix applies fixes from cached findings: the edits are kept as
// file offsets.
func TestCacheFix(t *testing.T) {
	skipShort(t)
	suite, _ := newFakeSuite()
	dir := t.TempDir()
	if err := os.CopyFS(dir, os.DirFS("testdata/findings")); err != nil {
		t.Fatal(err)
	}
	cacheDir := t.TempDir()
	run := func(args ...string) (int, string, string, driver.Stats) {
		var out, errOut bytes.Buffer
		c := &cli{suite: suite, stdout: &out, stderr: &errOut, cacheDir: cacheDir}
		code := c.main(args)
		return code, out.String(), errOut.String(), c.stats
	}
	if code, _, errOut, _ := run("-C", dir); code != exitFindings {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	code, out, errOut, stats := run("-C", dir, "--fix")
	if code != exitClean || out != "" || !strings.Contains(errOut, "applied 2 fixes to 2 files") || stats.Analyzed != 0 {
		t.Fatalf("--fix from the cache: exit %d, %+v\nstdout: %s\nstderr: %s", code, stats, out, errOut)
	}
	if code, out, errOut, _ := run("-C", dir); code != exitClean {
		t.Errorf("after --fix: exit %d\n%s%s", code, out, errOut)
	}
}
