package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/staterootlint/staterootlint/runtime/guardtest"
)

// pxShape is px's contract with the user's project (STATE_ROOTS.md): it
// may create .px/ and px.lock at the top, change what is inside .px, and
// must leave everything else, px.lock included once written, as it was.
var pxShape = guardtest.Shape{
	TopLevel: []string{".px", "px.lock"},
	Writable: []string{".px/**"},
}

// userProject adds the files a real project has to the sandbox's.
func userProject(t *testing.T, proj string) {
	t.Helper()
	for name, body := range map[string]string{"go.mod": "module example.com/app\n", "README.md": "# app\n", "src/main.go": "package main\n"} {
		p := filepath.Join(proj, name)
		os.MkdirAll(filepath.Dir(p), 0o755)
		if err := os.WriteFile(p, []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// TestProjectShape runs px inside a project, twice (the second run finds
// .px and px.lock in place), and asserts the shape its contract promises;
// then asserts that status changes nothing at all in the project.
func TestProjectShape(t *testing.T) {
	dir, proj := sandbox(t)
	userProject(t, proj)
	t.Chdir(proj) // px is run from inside the project, as users do

	for i, task := range []string{"fix tests", "write docs"} {
		t.Run("run"+string(rune('1'+i)), func(t *testing.T) {
			// The guard's roots are px's state roots; the shape covers the
			// project around .px, including px.lock, which no root holds.
			guardtest.Config{Project: proj, Shape: pxShape}.Enforce(t,
				filepath.Join(proj, ".px"), filepath.Join(dir, "global"), filepath.Join(dir, "cache"), filepath.Join(dir, "tmp"))
			if code, _, stderr := px(t, "run", task); code != 0 {
				t.Fatalf("px run: exit %d: %s", code, stderr)
			}
		})
	}
	if b, err := os.ReadFile(filepath.Join(proj, "px.lock")); err != nil || !strings.HasPrefix(string(b), "px v") {
		t.Errorf("px.lock = %q, %v; want the pinned version", b, err)
	}

	t.Run("status is read-only", func(t *testing.T) {
		guardtest.ReadOnly(t, proj)
		code, stdout, stderr := px(t, "status")
		if code != 0 || !strings.Contains(stdout, "runs     2") || !strings.Contains(stdout, "pinned   px v") {
			t.Fatalf("px status: exit %d\n%s%s", code, stdout, stderr)
		}
	})
}

// TestRunDirsUnique: every run gets its own directory, also when runs
// start in the same second.
func TestRunDirsUnique(t *testing.T) {
	_, proj := sandbox(t)
	for range 3 {
		if code, _, stderr := px(t, "--from-dir", proj, "run", "same task"); code != 0 {
			t.Fatalf("px run: exit %d: %s", code, stderr)
		}
	}
	runs, err := os.ReadDir(filepath.Join(proj, ".px", "run"))
	if err != nil || len(runs) != 3 {
		t.Errorf("run directories: %v, %v; want 3", runs, err)
	}
}
