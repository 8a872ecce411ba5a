package config

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

func writeFiles(t *testing.T, dir string, files map[string]string) {
	t.Helper()
	for name, content := range files {
		p := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

func TestInEffectAndStrays(t *testing.T) {
	dir := t.TempDir()
	writeFiles(t, dir, map[string]string{
		"mod/go.mod":               "module example.com/mod\n",
		"mod/" + FileName:          "",
		"mod/a/" + FileName:        "",
		"mod/a/b/c/x.go":           "package c\n",
		"loose/" + FileName:        "",
		"loose/pkg/x.go":           "package pkg\n",
		"mod/nested/go.mod":        "module example.com/nested\n",
		"mod/nested/p/x.go":        "package p\n",
		"mod/nested/p/" + FileName: "",
	})
	mod := filepath.Join(dir, "mod")
	for _, tc := range []struct {
		dir, effect string
		strays      []string
	}{
		{"mod/a/b/c", "mod/" + FileName, []string{"mod/a/" + FileName}},
		{"mod", "mod/" + FileName, nil},
		{"loose/pkg", "loose/" + FileName, nil}, // no module: found from the directory
		{"mod/nested/p", "mod/" + FileName, []string{"mod/nested/p/" + FileName}},
	} {
		effect, err := InEffect(filepath.Join(dir, tc.dir))
		if err != nil || effect != filepath.Join(dir, tc.effect) {
			t.Errorf("InEffect(%s) = %q, %v; want %s", tc.dir, effect, err, tc.effect)
		}
		strays, err := Strays(filepath.Join(dir, tc.dir))
		var want []string
		for _, s := range tc.strays {
			want = append(want, filepath.Join(dir, s))
		}
		if err != nil || !slices.Equal(strays, want) {
			t.Errorf("Strays(%s) = %q, %v; want %q", tc.dir, strays, err, want)
		}
	}
	e := StrayError(filepath.Join(mod, "a", FileName), filepath.Join(mod, FileName))
	want := filepath.Join(mod, "a", FileName) + ": not read: only the .staterootlint.yaml found from the module root " + mod + " upward counts (" + filepath.Join(mod, FileName) + " is in effect); move these keys to " + filepath.Join(mod, FileName) + " and delete this file"
	if e.Error() != want {
		t.Errorf("StrayError:\n%s\nwant:\n%s", e, want)
	}
}

// TestCacheKeyFiles checks the files go vet's cache key covers: the file
// in effect for the main module and for a dependency replaced by a local
// directory, and every file in the module's tree that the go command can
// reach, but not those in testdata, hidden directories or other modules.
func TestCacheKeyFiles(t *testing.T) {
	dir := t.TempDir()
	writeFiles(t, dir, map[string]string{
		FileName:                   "", // above the module root: in effect for it
		"mod/go.mod":               "module example.com/mod\n\ngo 1.26\n\nrequire example.com/lib v0.0.0\n\nreplace example.com/lib => ../lib\n",
		"mod/x.go":                 "package mod\n",
		"mod/pkg/" + FileName:      "",
		"mod/testdata/" + FileName: "",
		"mod/.hidden/" + FileName:  "",
		"mod/other/go.mod":         "module example.com/other\n",
		"mod/other/" + FileName:    "",
		"lib/go.mod":               "module example.com/lib\n\ngo 1.26\n",
		"lib/" + FileName:          "",
	})
	got, err := CacheKeyFiles(filepath.Join(dir, "mod", "pkg"))
	if err != nil {
		t.Fatal(err)
	}
	want := []string{filepath.Join(dir, FileName), filepath.Join(dir, "lib", FileName), filepath.Join(dir, "mod", "pkg", FileName)}
	slices.Sort(want)
	if !slices.Equal(got, want) {
		t.Errorf("CacheKeyFiles:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

func TestCheckFlag(t *testing.T) {
	for _, tc := range []struct{ flag, value, want string }{
		{"sinks", "go.etcd.io/bbolt.Open#0, os.Create#0", ""},
		{"sinks", "os.WriteFile", `"os.WriteFile": expected pkg/path.Func#N`},
		{"authorities", "a.B,nodot", `"nodot": expected pkg/path.Func`},
		{"root-env", "OK,not ok", `"not ok": expected an environment variable name`},
		{"root-env", "APP_HOME=global,XDG_CONFIG_HOME=global:base,APP_CONFIG=global:file", ""},
		{"root-env", "XDG_CONFIG_HOME=global:dir", `"XDG_CONFIG_HOME=global:dir": expected a root kind`},
		{"user-env", "APP_LOG=user", `"APP_LOG=user": expected an environment variable name`},
		{"user-env", "OK,not ok", `"not ok": expected an environment variable name`},
		{"exclude", "[", `"[": expected a file glob`},
		{"state-dir", ".myapp,..", `"..": expected a directory name such as .myapp, got ".."`},
		{"generated", "hide", `expected report or skip, got "hide"`},
		{"generated", "skip", ""},
		{"allow-temp", "maybe", ""}, // the flag package parses booleans
	} {
		err := CheckFlag(tc.flag, tc.value)
		if tc.want == "" && err != nil || tc.want != "" && (err == nil || !strings.HasPrefix(err.Error(), tc.want)) {
			t.Errorf("CheckFlag(%s, %q) = %v, want %q", tc.flag, tc.value, err, tc.want)
		}
	}
}
