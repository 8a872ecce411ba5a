package guardtest_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/staterootlint/staterootlint/runtime/guardtest"
)

// project makes a small project tree the test owns: the user's files and
// an existing state directory.
func project(t *testing.T) string {
	t.Helper()
	dir, err := filepath.EvalSymlinks(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	p := filepath.Join(dir, "proj")
	for name, body := range map[string]string{
		"go.mod": "module m\n", "README.md": "# m\n", "NOTES": "n\n", "LICENSE": "l\n",
		"src/main.go": "package main\n", "src/old.go": "package main\n", ".px/runs.db": "{}\n", "tool.lock": "v1\n",
	} {
		write(t, filepath.Join(p, name), body)
	}
	if err := os.Symlink("src", filepath.Join(p, "link")); err != nil {
		t.Fatal(err)
	}
	return p
}

func write(t *testing.T, p, body string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(p, []byte(body), 0o644); err != nil {
		t.Fatal(err)
	}
}

var pxShape = guardtest.Shape{
	TopLevel: []string{".px", "*.lock", "dist"},
	Writable: []string{".px/**", "tool.lock", "dist/**", "go.mod"},
}

func TestShapeAllowsTheContract(t *testing.T) {
	p := project(t)
	ft := &fakeTB{TB: t}
	pxShape.Check(ft, p)
	write(t, filepath.Join(p, ".px", "run", "a", "notes.md"), "x") // inside the state dir
	write(t, filepath.Join(p, ".px", "runs.db"), "{}\n{}\n")       // an existing state file
	write(t, filepath.Join(p, "tool.lock"), "v2\n")                // the lock it rewrites
	write(t, filepath.Join(p, "new.lock"), "v1\n")                 // a new allowed top-level entry
	write(t, filepath.Join(p, "dist", "a", "b.tar"), "x")          // anything inside it
	write(t, filepath.Join(p, "go.mod"), "module m\n\ngo 1.26\n")  // the shared file it edits
	write(t, filepath.Join(p, "src", "main.go"), "package main\n") // rewritten with the same bytes
	if errs := ft.finish(); len(errs) != 0 {
		t.Errorf("changes the shape allows failed the test:\n%s", strings.Join(errs, "\n"))
	}
}

func TestShapeFailsWithListing(t *testing.T) {
	p := project(t)
	ft := &fakeTB{TB: t}
	pxShape.Check(ft, p)
	write(t, filepath.Join(p, "stray.txt"), "x")                  // a new top-level entry
	write(t, filepath.Join(p, "src", "gen.go"), "package main\n") // new, in a user's directory
	write(t, filepath.Join(p, "README.md"), "# changed\n")        // a user's file edited
	os.Chmod(filepath.Join(p, "LICENSE"), 0o600)                  // chmod
	os.Remove(filepath.Join(p, "NOTES"))                          // deleted
	os.Remove(filepath.Join(p, "src", "old.go"))                  // deleted, deeper
	os.Mkdir(filepath.Join(p, "src", "old.go"), 0o755)            // and replaced by a directory
	os.Remove(filepath.Join(p, "link"))                           // a symlink retargeted
	os.Symlink(".px", filepath.Join(p, "link"))                   //
	errs := ft.finish()
	if len(errs) != 1 {
		t.Fatalf("want one failure listing every change, got %d:\n%s", len(errs), strings.Join(errs, "\n"))
	}
	want := "guardtest: the project " + p + " changed outside its shape (top level: .px *.lock dist; writable: .px/** tool.lock dist/** go.mod); 7 unexpected changes:\n" +
		"\tmodified LICENSE: mode -rw-r--r-- → -rw-------\n" +
		"\tremoved  NOTES\n" +
		"\tmodified README.md: content\n" +
		"\tmodified link: symlink target src → .px\n" +
		"\tcreated  src/gen.go: inside src, which existed before the test, and not writable\n" +
		"\tmodified src/old.go: was a file, is a directory\n" +
		"\tcreated  stray.txt: not an allowed top-level entry"
	if errs[0] != want {
		t.Errorf("failure:\n%s\nwant:\n%s", errs[0], want)
	}
}

func TestReadOnly(t *testing.T) {
	p := project(t)
	ft := &fakeTB{TB: t}
	guardtest.ReadOnly(ft, p)
	if _, err := os.ReadFile(filepath.Join(p, ".px", "runs.db")); err != nil {
		t.Fatal(err)
	}
	if _, err := os.ReadDir(filepath.Join(p, "src")); err != nil {
		t.Fatal(err)
	}
	if errs := ft.finish(); len(errs) != 0 {
		t.Errorf("reading failed a read-only test:\n%s", strings.Join(errs, "\n"))
	}

	ft = &fakeTB{TB: t}
	guardtest.ReadOnly(ft, p)
	time.Sleep(10 * time.Millisecond)                    // let the clock move on coarse filesystems
	write(t, filepath.Join(p, ".px", "runs.db"), "{}\n") // the same bytes, rewritten
	write(t, filepath.Join(p, ".px", "tmp"), "x")        // created and removed
	os.Remove(filepath.Join(p, ".px", "tmp"))
	write(t, filepath.Join(p, "tool.lock"), "v2\n")
	errs := ft.finish()
	if len(errs) != 1 {
		t.Fatalf("want one failure, got %d:\n%s", len(errs), strings.Join(errs, "\n"))
	}
	for _, line := range []string{
		"guardtest: the project " + p + " changed during a read-only test; 3 changes:",
		"\tmodified .px: entries created or removed inside",
		"\tmodified .px/runs.db: rewritten (modification time)",
		"\tmodified tool.lock: content",
	} {
		if !strings.Contains(errs[0], line) {
			t.Errorf("failure does not list %q:\n%s", line, errs[0])
		}
	}
}

func TestShapeMisuse(t *testing.T) {
	p := project(t)
	for _, tt := range []struct {
		shape guardtest.Shape
		want  string
	}{
		{guardtest.Shape{ReadOnly: true, Writable: []string{".px/**"}}, "cannot be combined with TopLevel or Writable"},
		{guardtest.Shape{TopLevel: []string{".px/run"}}, `Shape.TopLevel entry ".px/run": want one path segment`},
		{guardtest.Shape{Writable: []string{"../x"}}, `Shape pattern "../x"`},
		{guardtest.Shape{Writable: []string{"[x"}}, `Shape pattern "[x"`},
	} {
		ft := &fakeTB{TB: t}
		tt.shape.Check(ft, p)
		wantFailure(t, ft.finish(), tt.want)
	}
}

// TestShapeWithEnforce: with Config.Project, Enforce checks the project's
// shape and leaves the project tree (here the working directory, which
// the snapshot watches) to it: a lock file the contract allows passes
// although it is outside the roots, a stray file fails once, and a
// refused guard write still fails with its stack.
func TestShapeWithEnforce(t *testing.T) {
	s := newScene(t)
	p := project(t)
	t.Chdir(p)
	ft := &fakeTB{TB: t}
	g := guardtest.Config{Project: p, Shape: pxShape}.Enforce(ft, filepath.Join(p, ".px"))
	if err := g.WriteFile(filepath.Join(p, ".px", "runs.db"), []byte("{}\n{}\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	write(t, filepath.Join(p, "tool.lock"), "v2\n") // allowed by the shape, outside the roots
	write(t, filepath.Join(p, "stray.txt"), "x")    // allowed by neither
	if err := g.WriteFile(filepath.Join(s.work, "x"), nil, 0o644); err == nil {
		t.Fatal("the guard allowed a write outside its roots")
	}
	errs := ft.finish()
	wantFailure(t, errs, "created  stray.txt: not an allowed top-level entry")
	wantFailure(t, errs, `guard: WriteFile "`+filepath.Join(s.work, "x")+`"`)
	if len(errs) != 2 {
		t.Errorf("want the shape failure and the violation, got %d failures:\n%s", len(errs), strings.Join(errs, "\n"))
	}
}
