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
