package glob

import (
	"io/fs"
	"path"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/staterootlint/staterootlint/internal/config"
)

func TestMatch(t *testing.T) {
	for _, tc := range []struct {
		pattern, name string
		want          bool
	}{
		{"**/zz_generated*.go", "/src/app/zz_generated_deepcopy.go", true},
		{"**/zz_generated*.go", "zz_generated.go", true},
		{"**/zz_generated*.go", "/src/app/main.go", false},
		{"**/test/**", "/src/test/a/b.go", true},
		{"**/test/**", "/src/test", true}, // a trailing "**" matches zero segments
		{"**/test/**", "/src/testing/a.go", false},
		{"/abs/*.go", "/abs/a.go", true},
		{"/abs/*.go", "/abs/sub/a.go", false}, // "*" stays in one segment
		{"**/a?.go", "/x/ab.go", true},
		{"**/[ab].go", "/x/c.go", false},
		{"**/{a,b}.go", "/x/b.go", true},
	} {
		got, err := Match(tc.pattern, tc.name)
		if err != nil || got != tc.want {
			t.Errorf("Match(%q, %q) = %t, %v; want %t", tc.pattern, tc.name, got, err, tc.want)
		}
	}
	if _, err := Match("**/[", "/x/["); err == nil {
		t.Error("Match of a malformed pattern: no error")
	}
}

func TestCovers(t *testing.T) {
	for _, tc := range []struct {
		glob, pattern string
		want          bool
	}{
		{"logs/**", "logs/app.log", true},
		{"logs/**", "logs", true},
		{"logs/**", "cache/x", false},
		{"logs/*.log", "logs/app.log", true},
		{"logs/*.log", "logs/*.log", true},  // a computed name with a fixed suffix
		{"logs/*", "logs/*", true},          // a computed name
		{"logs/app.log", "logs/*", false},   // a computed name may be any name
		{"logs/*.log", "logs/*", false},     // ... not only one ending in .log
		{"logs/*", "logs/**", false},        // an unknown tail: any depth
		{"logs/**", "logs/**", true},        // ... which only "**" covers
		{"logs/**", "logs/*/out.txt", true}, //
		{"*/out.txt", "a/b/out.txt", false}, // "*" is one segment
		{"**/out.txt", "a/b/out.txt", true}, //
		{"db", "", false},                   // the root itself is not inside db
		{"**", "", true},                    //
		{"a/[bc]", "a/c", true},             // path.Match segments
		{"a/[bc]", "a/d", false},            //
	} {
		if got := Covers(tc.glob, tc.pattern); got != tc.want {
			t.Errorf("Covers(%q, %q) = %t, want %t", tc.glob, tc.pattern, got, tc.want)
		}
	}
}

// oldMatch is the hand-written matcher Match replaced: a "**" segment
// matches zero or more segments, any other segment is a path.Match
// pattern.
func oldMatch(pattern, name string) (bool, error) {
	return oldSegments(strings.Split(pattern, "/"), strings.Split(name, "/"))
}

func oldSegments(pat, name []string) (bool, error) {
	for len(pat) > 0 {
		if pat[0] == "**" {
			for len(pat) > 0 && pat[0] == "**" {
				pat = pat[1:]
			}
			if len(pat) == 0 {
				return true, nil
			}
			for i := 0; i <= len(name); i++ {
				if ok, err := oldSegments(pat, name[i:]); ok || err != nil {
					return ok, err
				}
			}
			return false, nil
		}
		if len(name) == 0 {
			return false, nil
		}
		ok, err := path.Match(pat[0], name[0])
		if err != nil || !ok {
			return false, err
		}
		pat, name = pat[1:], name[1:]
	}
	return len(name) == 0, nil
}

// TestExcludesKeepTheirMeaning requires Match to answer as the matcher it
// replaced for every exclude value the repository uses (its tests and
// fixtures, the README, and the bench programs' configuration files), on
// names built from the patterns themselves and on the repository's own
// files.
func TestExcludesKeepTheirMeaning(t *testing.T) {
	root, err := filepath.Abs("../..")
	if err != nil {
		t.Fatal(err)
	}
	excludes := []string{
		"**/zz_generated*.go",               // README, internal/config tests, analyzers/rootflow/nogo_test.go
		"zz_generated*.go",                  // analyzers/internal/report tests
		"**/report/excluded/legacy_*.go",    // analyzers/internal/report tests
		"a",                                 // cmd/staterootlint tests
		"test/", "vendor/", "/abs/dir/*.go", // a trailing slash (a tree) and an absolute glob, as the flag's help allows
	}
	configs, _ := filepath.Glob(filepath.Join(root, "bench", "*", "*", ".staterootlint.yaml"))
	if len(configs) == 0 {
		t.Fatal("no bench/*/*/.staterootlint.yaml")
	}
	for _, name := range configs {
		cfg, err := config.Load(name)
		if err != nil {
			t.Fatal(err)
		}
		for _, e := range cfg.Exclude {
			excludes = append(excludes, e.Value)
		}
	}
	slices.Sort(excludes)
	excludes = slices.Compact(excludes)

	var names []string
	for _, p := range excludes {
		// Names the pattern is about: its wildcards filled in, at the
		// top, one level down and two, and with a file below it.
		for _, fill := range []struct{ star, dstar string }{{"x", ""}, {"x", "a"}, {"zz_generated_deepcopy", "a/b"}, {"", "a"}} {
			n := strings.ReplaceAll(p, "**", fill.dstar)
			n = strings.ReplaceAll(n, "*", fill.star)
			n = path.Clean("/" + n)
			names = append(names, n, n+"/f.go", "/src"+n, "/src"+n+"/f.go", path.Dir(n), n+"x")
		}
	}
	_ = filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() && (d.Name() == ".git" || d.Name() == "node_modules") {
			return fs.SkipDir
		}
		if !d.IsDir() {
			names = append(names, filepath.ToSlash(p), strings.TrimPrefix(filepath.ToSlash(p), filepath.ToSlash(root)+"/"))
		}
		return nil
	})
	for _, n := range []string{"/src/app/test/fixture.go", "/src/internal/testlib/x.go", "/src/pkg/repo/repotest/server.go", "/src/internal/test/helper.go", "/src/zz_generated.go", "test/a.go"} {
		names = append(names, n)
	}
	if len(names) < 100 {
		t.Fatalf("only %d names", len(names))
	}
	checked := 0
	for _, e := range excludes {
		p := Exclude(e)
		for _, n := range names {
			want, wantErr := oldMatch(p, n)
			got, err := Match(p, n)
			if got != want || (err != nil) != (wantErr != nil) {
				t.Errorf("exclude %q (%q) on %q: %t, %v; the old matcher said %t, %v", e, p, n, got, err, want, wantErr)
			}
			checked++
		}
	}
	t.Logf("%d excludes, %d names, %d answers", len(excludes), len(names), checked)
}
