package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/staterootlint/staterootlint/analyzers"
)

func TestExplain(t *testing.T) {
	file := filepath.Join("testdata", "explain", "main.go")
	tests := []struct {
		name string
		args []string
		code int
		want []string // in stdout, or stderr for errors
		once string   // in stdout once: one block per site
	}{
		{name: "three origins", args: []string{file + ":21"}, want: []string{
			file + ":21:18: os.WriteFile writes a path with 3 origins:\n",
			"  1. repo:state.json: a path under the repo state root\n     rooted: under the repo state root (an authority's result or a configured root override)\n",
			"  2. user: a user-chosen path\n     allowed: a path the user chose (a flag or argument) (-allow-user)\n",
			"  3. outside: a path from the environment variable APP_OUT (main.go:18)\n     not rooted: an environment variable that is not a configured root override (root-env)\n",
		}},
		{name: "a finding's position", args: []string{file + ":22:6"}, want: []string{
			file + ":22:6: explain.save is passed a path it writes (os.WriteFile at main.go:26); its origin:\n",
			`  1. outside: "relative.json" relative to the working directory`,
		}},
		{name: "one call, two origins, through a field", args: []string{file + ":41"}, want: []string{
			file + ":41:6: explain.keep is passed a path it writes (os.WriteFile at main.go:32 via field explain.conf.dir, stored into one object at main.go:46 → (*explain.conf).write); its 2 origins:\n",
			"  1. outside: a path from the environment variable APP_DIR (main.go:37)\n",
			"  2. outside: the fixed path \"/var/lib/app\"\n",
		}, once: file + ":41:6:"},
		{name: "a parameter", args: []string{file + ":26"}, want: []string{"  1. parameter: parameter p of explain.save\n     not decided here: each call of explain.save is checked"}},
		{name: "no write", args: []string{file + ":15"}, want: []string{file + ":15: no write here; the engine found writes on lines 21, 22, 26, 32, 41\n"}},
		{name: "configuration counts", args: []string{"--config", writeConfig(t, "root-env: [APP_OUT]\n"), file + ":21"}, want: []string{"  1. global: a path under the global state root\n     rooted: under the global state root"}},
		{name: "no line", args: []string{file}, code: exitUsage, want: []string{"want FILE:LINE, such as internal/legacy/legacy.go:21"}},
		{name: "not a Go file", args: []string{"testdata/explain/go.mod:1"}, code: exitUsage, want: []string{"testdata/explain/go.mod is not a Go file"}},
		{name: "two arguments", args: []string{file + ":1", file + ":2"}, code: exitUsage, want: []string{"explain takes one FILE:LINE, got 2 arguments"}},
	}
	// Run from elsewhere, explain reads the configuration found from the file.
	dir := copyModule(t, filepath.Join("testdata", "explain"))
	if err := os.WriteFile(filepath.Join(dir, ".staterootlint.yaml"), []byte("root-env: [APP_OUT]\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	tests = append(tests, struct {
		name string
		args []string
		code int
		want []string
		once string
	}{name: "the file's configuration", args: []string{filepath.Join(dir, "main.go") + ":21"}, want: []string{"  1. global: a path under the global state root\n"}})
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			code, out, errOut := runCLI(t, analyzers.All, append([]string{"explain"}, tc.args...)...)
			if code != tc.code {
				t.Fatalf("exit %d, want %d\nstdout:\n%s\nstderr:\n%s", code, tc.code, out, errOut)
			}
			got := out
			if tc.code != exitClean {
				got = errOut
			}
			for _, w := range tc.want {
				if !strings.Contains(got, w) {
					t.Errorf("output lacks %q:\n%s", w, got)
				}
			}
			if n := strings.Count(got, tc.once); tc.once != "" && n != 1 {
				t.Errorf("output has %q %d times, want once:\n%s", tc.once, n, got)
			}
		})
	}
}

// TestExplainUnderChdir feeds a finding's position, printed under -C
// DIR relative to DIR, to explain under the same -C: it reads the file
// relative to DIR and prints it so too.
func TestExplainUnderChdir(t *testing.T) {
	dir := filepath.Join("testdata", "explain")
	code, out, errOut := runCLI(t, analyzers.All, "-C", dir, "--enable", "shadowwrite", "--quiet")
	if code != exitFindings {
		t.Fatalf("exit %d, want findings\n%s%s", code, out, errOut)
	}
	first, _, _ := strings.Cut(out, "\n")
	pos, _, ok := strings.Cut(first, ": ")
	if !ok || !strings.HasPrefix(pos, "main.go:") {
		t.Fatalf("the finding's position %q is not relative to -C %s:\n%s", pos, dir, out)
	}
	code, out, errOut = runCLI(t, analyzers.All, "explain", "-C", dir, pos)
	if code != exitClean {
		t.Fatalf("explain -C %s %s: exit %d\n%s", dir, pos, code, errOut)
	}
	if !strings.HasPrefix(out, pos+": ") || !strings.Contains(out, "  1. ") {
		t.Errorf("explain -C %s %s:\n%s\nwant the write at %s and its origins", dir, pos, out, pos)
	}
}
