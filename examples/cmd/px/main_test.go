package main

import (
	"bytes"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/staterootlint/staterootlint/stateroots"
)

// sandbox points every root px may use at directories under one temp dir
// and returns it with the project directory inside it.
func sandbox(t *testing.T) (dir, proj string) {
	t.Helper()
	dir, err := filepath.EvalSymlinks(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	proj = filepath.Join(dir, "proj")
	for _, d := range []string{filepath.Join(proj, ".git"), filepath.Join(dir, "tmp")} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	t.Setenv("PX_GLOBAL_STATE_ROOT", filepath.Join(dir, "global"))
	t.Setenv("XDG_CACHE_HOME", filepath.Join(dir, "cache"))
	t.Setenv("HOME", filepath.Join(dir, "home"))
	t.Setenv("TMPDIR", filepath.Join(dir, "tmp"))
	t.Setenv("PX_DB_PATH", "")
	return dir, proj
}

func px(t *testing.T, args ...string) (code int, stdout, stderr string) {
	t.Helper()
	var out, errb bytes.Buffer
	code = run(args, &out, &errb)
	return code, out.String(), errb.String()
}

func TestRunStatusGC(t *testing.T) {
	dir, proj := sandbox(t)
	outFile := filepath.Join(proj, "out", "summary.md") // --out must stay inside the project
	os.MkdirAll(filepath.Dir(outFile), 0o755)

	for _, task := range []string{"fix tests", "write docs", "fix tests"} {
		if code, _, stderr := px(t, "--from-dir", proj, "run", "--out", outFile, task); code != 0 {
			t.Fatalf("px run %q: exit %d: %s", task, code, stderr)
		}
	}
	code, stdout, stderr := px(t, "--from-dir", filepath.Join(proj, ".git"), "status")
	if code != 0 || !strings.Contains(stdout, "runs     3") || !strings.Contains(stdout, "latest v0.4.0") {
		t.Fatalf("px status: exit %d\n%s%s", code, stdout, stderr)
	}
	if code, stdout, stderr := px(t, "--from-dir", proj, "gc", "--keep", "1"); code != 0 || stdout != "removed 2 runs\n" {
		t.Fatalf("px gc: exit %d: %s%s", code, stdout, stderr)
	}

	// The blast radius: every file px left is under the repo state root,
	// the global root, the cache root, or the user's --out file.
	allowed := []string{
		filepath.Join(proj, ".px"), filepath.Join(proj, ".git"), filepath.Join(proj, "px.lock"),
		filepath.Join(dir, "global"), filepath.Join(dir, "cache", "px"),
		filepath.Join(dir, "tmp"), filepath.Dir(outFile),
	}
	var files []string
	filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		files = append(files, p)
		for _, root := range allowed {
			if stateroots.Within(root, p) {
				return nil
			}
		}
		t.Errorf("px wrote %s, outside every allowed root", p)
		return nil
	})
	for _, want := range []string{
		filepath.Join(proj, ".px", "runs.db"),
		filepath.Join(dir, "global", "cache", "update.json"),
		outFile,
	} {
		if _, err := os.Stat(want); err != nil {
			t.Errorf("missing %s: %v (files: %v)", want, err, files)
		}
	}
	// gc --keep 1 left one run directory, private, with its task file.
	runs, _ := os.ReadDir(filepath.Join(proj, ".px", "run"))
	if len(runs) != 1 {
		t.Errorf("run directories after gc --keep 1: %v, want 1", runs)
	} else if fi, err := os.Stat(filepath.Join(proj, ".px", "run", runs[0].Name(), "task.md")); err != nil {
		t.Errorf("run directory without its task file: %v", err)
	} else if info, _ := runs[0].Info(); info.Mode().Perm()&0o077 != 0 || fi.Mode().Perm()&0o077 != 0 {
		t.Errorf("run directory %s is not private: %v", runs[0].Name(), info.Mode())
	}
	if _, err := os.Stat(filepath.Join(proj, ".px", "lock")); !os.IsNotExist(err) {
		t.Errorf("lock left behind: %v", err)
	}
	if es, _ := os.ReadDir(filepath.Join(dir, "tmp")); len(es) != 0 {
		t.Errorf("scratch directories left behind: %v", es)
	}
}

func TestExitCodes(t *testing.T) {
	dir, proj := sandbox(t)
	tests := []struct {
		name string
		env  string // PX_GLOBAL_STATE_ROOT; "" keeps the sandbox's
		args []string
		code int
		msg  string
	}{
		{"no project root", "", []string{"--from-dir", dir, "status"}, 78, "no project root: none of [.git go.mod .px] found in " + dir},
		{"missing from-dir", "", []string{"--from-dir", filepath.Join(dir, "nope"), "status"}, 78, "does not exist"},
		{"relative global root", "rel", []string{"--from-dir", proj, "status"}, 78, `PX_GLOBAL_STATE_ROOT "rel": is not an absolute path`},
		{"unknown command", "", []string{"--from-dir", proj, "frob"}, 2, `unknown command "frob"`},
		{"out leaves the project", "", []string{"--from-dir", proj, "status", "--out", filepath.Join(dir, "report.txt")}, 2, "leaves the project; name a path inside the project " + proj},
		{"missing task", "", []string{"--from-dir", proj, "run"}, 2, "exactly one TASK"},
		{"no command", "", nil, 2, "usage: px"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if tt.env != "" {
				t.Setenv("PX_GLOBAL_STATE_ROOT", tt.env)
			}
			code, _, stderr := px(t, tt.args...)
			if code != tt.code || !strings.Contains(stderr, tt.msg) {
				t.Errorf("exit %d, stderr %q; want exit %d and %q", code, stderr, tt.code, tt.msg)
			}
		})
	}
}
