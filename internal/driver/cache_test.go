package driver_test

import (
	"crypto/sha256"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/staterootlint/staterootlint/internal/config"
	"github.com/staterootlint/staterootlint/internal/driver"
)

// TestCache runs twice on an unchanged tree (the second run analyzes
// nothing), then after an edit of one package (it and its importers run
// again, and the findings follow the edit), then with entries corrupted
// and a temporary file left by a killed run (ignored and rewritten).
func TestCache(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the go command")
	}
	dir := t.TempDir()
	if err := os.CopyFS(dir, os.DirFS("testdata/mod")); err != nil {
		t.Fatal(err)
	}
	cacheDir := t.TempDir()
	cached := driver.Options{CacheDir: cacheDir}
	runOK := func(what string, opts driver.Options) *driver.Result {
		t.Helper()
		res, _, err := runIn(t, dir, opts)
		if err != nil {
			t.Fatalf("%s: %v", what, err)
		}
		return res
	}
	same := func(what string, got, want *driver.Result) {
		t.Helper()
		if fmt.Sprint(got.Findings) != fmt.Sprint(want.Findings) {
			t.Errorf("%s: findings\n%v\nwant\n%v", what, got.Findings, want.Findings)
		}
	}

	cold := runOK("cold", cached)
	if len(cold.Findings) == 0 || cold.Stats.Analyzed == 0 || cold.Stats.Cached != 0 {
		t.Fatalf("cold: %+v, %v", cold.Stats, cold.Findings)
	}
	warm := runOK("warm", cached)
	if same("warm", warm, cold); !warm.Stats.Warm || warm.Stats.Analyzed != 0 || warm.Stats.Cached == 0 {
		t.Errorf("warm: %+v", warm.Stats)
	}
	// A file touched but not changed keeps the run warm.
	now := time.Now().Add(-time.Minute)
	if err := os.Chtimes(filepath.Join(dir, "main.go"), now, now); err != nil {
		t.Fatal(err)
	}
	if touched := runOK("touched", cached); !touched.Stats.Warm {
		t.Errorf("after touching main.go: %+v, want a warm run", touched.Stats)
	}
	if uncached := runOK("without a cache", driver.Options{}); uncached.Stats.Cached != 0 {
		t.Errorf("without a cache: %+v", uncached.Stats)
	} else {
		same("without a cache", uncached, cold)
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
	after := runOK("after the edit", cached)
	want := runOK("go/packages", driver.Options{Graph: true})
	if same("after the edit", after, want); after.Stats.Warm || after.Stats.Analyzed != 1 || !strings.Contains(fmt.Sprint(after.Findings), "other.json") {
		t.Errorf("after the edit: %+v, want main analyzed again\n%v", after.Stats, after.Findings)
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
	if res := runOK("after a comment in store", cached); res.Stats.Analyzed != 1 {
		t.Errorf("after a comment in store: %+v, want 1 package analyzed", res.Stats)
	} else {
		same("after a comment in store", res, want)
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
	if rebuilt := runOK("corrupt cache", cached); rebuilt.Stats.Cached != 0 {
		t.Errorf("corrupt cache: %+v, want nothing read from it", rebuilt.Stats)
	} else {
		same("corrupt cache", rebuilt, want)
	}
	if res := runOK("after rebuilding", cached); res.Stats.Analyzed != 0 || !res.Stats.Warm {
		t.Errorf("after rebuilding: %+v, want everything cached", res.Stats)
	}
}

// TestFactsDeterministic runs the unit driver cold several times on a
// program whose package has several functions of one name (its init
// functions and its initializer) and requires the same cache entries,
// byte for byte, every time: facts that differ from run to run change
// their importers' keys, so an unchanged tree would be analyzed again.
func TestFactsDeterministic(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the go command")
	}
	dir, err := filepath.Abs("testdata/inits")
	if err != nil {
		t.Fatal(err)
	}
	var first []string
	for run := range 4 {
		cacheDir := t.TempDir()
		if _, _, err := runIn(t, dir, driver.Options{CacheDir: cacheDir}); err != nil {
			t.Fatalf("run %d: %v", run, err)
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

// TestCacheSettingEdit changes one setting at a time between runs of a
// root package whose dependency is analyzed for its facts: a setting only
// the reporting analyzers read (generated) re-analyzes the root alone,
// one the engine reads (allow-cache) the dependency too.
func TestCacheSettingEdit(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the go command")
	}
	dir := t.TempDir()
	if err := os.CopyFS(dir, os.DirFS("testdata/mod")); err != nil {
		t.Fatal(err)
	}
	cacheDir := t.TempDir()
	yes, no, skip := true, false, "skip"
	for _, step := range []struct {
		what             string
		cfg              config.Config
		analyzed, cached int
	}{
		{"cold", config.Config{}, 2, 0},
		{"unchanged", config.Config{}, 0, 1}, // a warm run counts the root
		{"generated: skip", config.Config{Generated: &skip}, 1, 1},
		{"report-unproven", config.Config{ReportUnproven: &yes}, 0, 1}, // no analyzer of the run reads it
		{"allow-cache off", config.Config{AllowCache: &no}, 2, 0},
	} {
		cfg := step.cfg
		res, _, err := runIn(t, dir, driver.Options{CacheDir: cacheDir, Patterns: []string{"."}, Config: &cfg})
		if err != nil {
			t.Fatalf("%s: %v", step.what, err)
		}
		if res.Stats.Analyzed != step.analyzed || res.Stats.Cached != step.cached {
			t.Errorf("%s: analyzed %d, cached %d; want %d and %d", step.what, res.Stats.Analyzed, res.Stats.Cached, step.analyzed, step.cached)
		}
	}
}
