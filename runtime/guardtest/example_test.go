package guardtest_test

import (
	"io/fs"
	"path/filepath"
	"testing"

	"github.com/staterootlint/staterootlint/runtime/guardtest"
)

// save stands for the code under test: it writes through whatever os-shaped
// writer it is given.
func save(w interface {
	WriteFile(string, []byte, fs.FileMode) error
}, root string) error {
	return w.WriteFile(filepath.Join(root, "state.json"), []byte("{}"), 0o644)
}

func ExampleEnforce() {
	// In a test:
	var t *testing.T // the test's *testing.T
	_ = func() {
		root := t.TempDir()
		g := guardtest.Enforce(t, root)
		if err := save(g, root); err != nil {
			t.Fatal(err)
		}
		// At cleanup the test fails for each write the guard refused and for
		// each change in $HOME or the working directory outside root.
	}
}

func ExampleSandbox() {
	var t *testing.T // the test's *testing.T
	_ = func() {
		if !guardtest.Sandbox(t) {
			return // ran confined by Landlock in a child process
		}
		root := t.TempDir()
		g := guardtest.Config{IsolateEnv: true}.Enforce(t, root)
		_ = save(g, root)
	}
}

func ExampleShape_Check() {
	var t *testing.T // the test's *testing.T
	_ = func() {
		project := t.TempDir() // a project the test prepared
		// px may create .px/ and px.lock at the top of the project,
		// change what is inside them, and edit go.mod; nothing else.
		guardtest.Shape{
			TopLevel: []string{".px", "px.lock"},
			Writable: []string{".px/**", "px.lock", "go.mod"},
		}.Check(t, project)
		// ... run px in project; at cleanup the test fails listing every
		// entry created, removed or modified outside that shape.
	}
}

func ExampleReadOnly() {
	var t *testing.T // the test's *testing.T
	_ = func() {
		project := t.TempDir()
		guardtest.ReadOnly(t, project)
		// ... run px status in project; it must change nothing there, not
		// even inside .px.
	}
}

func ExampleConfig_Enforce_project() {
	var t *testing.T // the test's *testing.T
	_ = func() {
		project := t.TempDir()
		t.Chdir(project) // the watched working directory is the project
		// The guard confines writes to the state root; the shape says what
		// may happen around it in the project, including writes that do not
		// go through the guard (px.lock).
		g := guardtest.Config{
			Project: project,
			Shape:   guardtest.Shape{TopLevel: []string{".px", "px.lock"}, Writable: []string{".px/**", "px.lock"}},
		}.Enforce(t, filepath.Join(project, ".px"))
		_ = save(g, filepath.Join(project, ".px"))
	}
}
