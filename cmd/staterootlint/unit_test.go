package main

import (
	"bytes"
	"crypto/sha256"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/staterootlint/staterootlint/analyzers"
	"github.com/staterootlint/staterootlint/internal/config"
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

// TestCache runs twice on an unchanged tree (the second run analyzes
// nothing), then after an edit of one package (it and its importers run
// again, and the findings follow the edit), then with entries corrupted
// and a temporary file left by a killed run (ignored and rewritten).
func TestCache(t *testing.T) {
	skipShort(t)
	dir := t.TempDir()
	if err := os.CopyFS(dir, os.DirFS("testdata/findings")); err != nil {
		t.Fatal(err)
	}
	cacheDir := t.TempDir()
	args := []string{"-C", dir, "--format", "json", "./..."}

	code, cold, errOut, stats := runSuite(t, false, cacheDir, args...)
	if code != exitFindings || stats.Analyzed == 0 || stats.Cached != 0 {
		t.Fatalf("cold: exit %d, %+v\n%s%s", code, stats, cold, errOut)
	}
	code, warm, _, stats := runSuite(t, false, cacheDir, args...)
	if code != exitFindings || warm != cold || !stats.Warm || stats.Analyzed != 0 || stats.Cached == 0 {
		t.Errorf("warm: exit %d, %+v\n%s\nwant\n%s", code, stats, warm, cold)
	}
	// A file touched but not changed keeps the run warm.
	now := time.Now().Add(-time.Minute)
	if err := os.Chtimes(filepath.Join(dir, "main.go"), now, now); err != nil {
		t.Fatal(err)
	}
	if _, touched, _, stats := runSuite(t, false, cacheDir, args...); touched != cold || !stats.Warm {
		t.Errorf("after touching main.go: %+v, want a warm run\n%s", stats, touched)
	}
	if _, uncached, _, stats := runSuite(t, false, cacheDir, append([]string{"--no-cache"}, args...)...); uncached != cold || stats.Cached != 0 {
		t.Errorf("--no-cache: %+v\n%s", stats, uncached)
	}

	// An edit of main.go: package main runs again, store does not.
	main := filepath.Join(dir, "main.go")
	src, err := os.ReadFile(main)
	if err != nil {
		t.Fatal(err)
	}
	edited := strings.Replace(string(src), `"state.json"`, `"other.json"`, 1)
	if edited == string(src) {
		t.Fatalf("main.go has no \"state.json\" to edit:\n%s", src)
	}
	if err := os.WriteFile(main, []byte(edited), 0o644); err != nil {
		t.Fatal(err)
	}
	code, after, _, stats := runSuite(t, false, cacheDir, args...)
	_, want, _, _ := runSuite(t, true, "", args...)
	if code != exitFindings || after != want || stats.Warm || stats.Analyzed != 1 {
		t.Errorf("after the edit: exit %d, %+v\n%s\nwant (go/packages driver)\n%s", code, stats, after, want)
	}

	// A comment at the end of store.go changes neither store's types nor
	// its facts: its importer main is not analyzed again.
	store := filepath.Join(dir, "store", "store.go")
	f, err := os.OpenFile(store, os.O_APPEND|os.O_WRONLY, 0)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := f.WriteString("\n// An edit that changes nothing its importers see.\n"); err != nil {
		t.Fatal(err)
	}
	if err := f.Close(); err != nil {
		t.Fatal(err)
	}
	if code, out, _, stats := runSuite(t, false, cacheDir, args...); code != exitFindings || out != want || stats.Analyzed != 1 {
		t.Errorf("after a comment in store: exit %d, %+v, want 1 package analyzed\n%s", code, stats, out)
	}

	// Corrupt every entry, and leave a temporary file behind.
	var entries []string
	_ = filepath.WalkDir(cacheDir, func(path string, d os.DirEntry, err error) error {
		if err == nil && !d.IsDir() && filepath.Base(path) != "trimmed" {
			entries = append(entries, path)
		}
		return nil
	})
	if len(entries) == 0 {
		t.Fatal("the cache has no entries")
	}
	for i, e := range entries {
		data := []byte("garbage")
		if i%2 == 0 {
			data, _ = os.ReadFile(e)
			data = data[:len(data)/2] // a torn write
		}
		if err := os.WriteFile(e, data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.WriteFile(filepath.Join(filepath.Dir(entries[0]), "tmp-123"), []byte("partial"), 0o644); err != nil {
		t.Fatal(err)
	}
	code, rebuilt, errOut, stats := runSuite(t, false, cacheDir, args...)
	// The only word on stderr is the first-run hint (no config file here).
	if hint := "no " + config.FileName + " in "; code != exitFindings || rebuilt != want || stats.Cached != 0 || errOut != "" && !strings.Contains(errOut, hint) || strings.Count(errOut, "\n") > 1 {
		t.Errorf("corrupt cache: exit %d, %+v\n%s%s", code, stats, rebuilt, errOut)
	}
	if _, _, _, stats := runSuite(t, false, cacheDir, args...); stats.Analyzed != 0 || !stats.Warm {
		t.Errorf("after rebuilding: %+v, want everything cached", stats)
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

// TestFactsDeterministic runs the unit driver cold several times on a
// program whose package has several functions of one name (its init
// functions and its initializer) and requires the same cache entries,
// byte for byte, every time: facts that differ from run to run change
// their importers' keys, so an unchanged tree would be analyzed again.
func TestFactsDeterministic(t *testing.T) {
	skipShort(t)
	args := []string{"inventory", "-C", "testdata/inits", "--format", "json"}
	var first []string
	for run := range 4 {
		cacheDir := t.TempDir()
		if code, out, errOut, _ := runSuite(t, false, cacheDir, args...); code != 0 {
			t.Fatalf("run %d: exit %d\n%s%s", run, code, out, errOut)
		}
		entries := cacheEntries(t, cacheDir)
		if run == 0 {
			first = entries
		} else if !slices.Equal(entries, first) {
			t.Fatalf("run %d wrote other cache entries than run 0:\n%s\nwant\n%s", run, strings.Join(entries, "\n"), strings.Join(first, "\n"))
		}
	}
}

// cacheEntries lists the cache's entries, each by its name and a hash of
// its content.
func cacheEntries(t *testing.T, cacheDir string) []string {
	t.Helper()
	var out []string
	err := filepath.WalkDir(cacheDir, func(path string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() || filepath.Base(path) == "trimmed" || filepath.Base(path) == "hashes" {
			return err
		}
		data, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(cacheDir, path)
		out = append(out, fmt.Sprintf("%s %x", rel, sha256.Sum256(data)))
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	slices.Sort(out)
	return out
}
