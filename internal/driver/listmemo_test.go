package driver

import (
	"context"
	"encoding/json"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/staterootlint/staterootlint/internal/config"
	"github.com/staterootlint/staterootlint/internal/driver/cache"
)

// TestListingMemo lists a module after each kind of change and checks
// that the memo is used exactly when the listing cannot have changed, and
// that what it gives is what go list gives.
func TestListingMemo(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the go command")
	}
	dir := t.TempDir()
	if err := os.CopyFS(dir, os.DirFS("testdata/mod")); err != nil {
		t.Fatal(err)
	}
	// Everything the memo stamps must be older than its racy window; a
	// changed path gets a later time than before, as a clock would give.
	stamp := time.Now().Add(-time.Hour)
	backdate := func(paths ...string) {
		t.Helper()
		stamp = stamp.Add(time.Second)
		for _, p := range paths {
			if err := os.Chtimes(filepath.Join(dir, p), stamp, stamp); err != nil {
				t.Fatal(err)
			}
		}
	}
	var all []string
	err := filepath.WalkDir(dir, func(path string, _ fs.DirEntry, err error) error {
		rel, _ := filepath.Rel(dir, path)
		all = append(all, rel)
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	backdate(all...)
	c := cache.Open(t.TempDir())
	opts := &Options{Dir: dir, Patterns: []string{"./..."}, Config: &config.Config{}}
	ctx := context.Background()
	step := func(what string, wantMemo bool) {
		t.Helper()
		got, memoized, err := listing(ctx, opts, c)
		if err != nil {
			t.Fatalf("%s: %v", what, err)
		}
		if memoized != wantMemo {
			t.Errorf("%s: memoized %t, want %t", what, memoized, wantMemo)
		}
		want, err := goList(ctx, opts, false)
		if err != nil {
			t.Fatalf("%s: go list: %v", what, err)
		}
		if len(got) != len(want) {
			t.Fatalf("%s: %d packages listed, go list lists %d", what, len(got), len(want))
		}
		for i := range got {
			g, _ := json.Marshal(got[i])
			w, _ := json.Marshal(want[i])
			if string(g) != string(w) {
				t.Fatalf("%s: package %d listed as\n%s\ngo list lists\n%s", what, i, g, w)
			}
		}
	}
	edit := func(rel, old, new string) {
		t.Helper()
		name := filepath.Join(dir, rel)
		src, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(string(src), old) {
			t.Fatalf("%s has no %q", name, old)
		}
		if err := os.WriteFile(name, []byte(strings.Replace(string(src), old, new, 1)), 0o644); err != nil {
			t.Fatal(err)
		}
		backdate(rel)
	}
	// write adds file rel; its directory (and the one above, where the
	// directory is new) change with it.
	write := func(rel, src string) {
		t.Helper()
		name := filepath.Join(dir, rel)
		if err := os.MkdirAll(filepath.Dir(name), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(name, []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
		backdate(rel, filepath.Dir(rel), filepath.Dir(filepath.Dir(rel)))
	}

	step("first run", false)
	step("unchanged", true)
	edit("main.go", `"state.json"`, `"other.json"`)
	step("a file's body edited", true)
	step("after the body edit", true)
	edit("main.go", `"os"`, `"os"
	_ "strings"`)
	step("an import added", false)
	step("after the import", true)
	edit("main.go", "package main", "//go:build !windows\n\npackage main")
	step("a build constraint added", false)
	step("after the constraint", true)
	write("store/extra.go", "package store\n")
	step("a file added", false)
	step("after the file", true)
	write("newpkg/newpkg.go", "package newpkg\n")
	step("a package added", false)
	step("after the package", true)
	edit("go.mod", "go 1.26", "go 1.26\n\n// a comment")
	step("go.mod edited", false)
	step("after go.mod", true)
	t.Setenv("GOFLAGS", "-mod=mod")
	step("GOFLAGS set", false)
	step("after GOFLAGS", true)
	if err := os.Remove(filepath.Join(dir, "store", "extra.go")); err != nil {
		t.Fatal(err)
	}
	backdate("store")
	step("a file removed", false)

	// A directory changed within the racy window is not trusted: the
	// listing is not memoized until it is older.
	write("store/late.go", "package store\n")
	now := time.Now()
	if err := os.Chtimes(filepath.Join(dir, "store"), now, now); err != nil {
		t.Fatal(err)
	}
	step("a file added just now", false)
	step("a racy directory", false)

	opts.Patterns = []string{"example.com/mod/..."}
	step("an import path pattern", false)
	step("an import path pattern again", false)
}
