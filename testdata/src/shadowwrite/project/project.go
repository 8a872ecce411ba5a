// Package project writes under the project root: only the entries a
// function declares with //staterootlint:may-write project:... are part
// of the contract.
package project

import (
	"os"
	"path/filepath"

	"github.com/staterootlint/staterootlint/stateroots"
)

func root(start string) string {
	p, _ := stateroots.FindProjectRoot(start, ".git")
	return p
}

func undeclared(start string, data []byte) {
	p := root(start)
	os.WriteFile(filepath.Join(p, "px.lock"), data, 0o644) // want `os.WriteFile writes "px.lock" under the project root, outside the state directory; write it under a state root, or, if the contract allows it in the project, declare it on the enclosing function with //staterootlint:may-write project:px.lock`
	os.MkdirAll(p, 0o755)                                  // want `os.MkdirAll writes the project root itself, outside the state directory; .*:may-write project$`
	repo, _ := stateroots.RepoStateRoot(p, "px")
	os.WriteFile(filepath.Join(repo, "state.json"), data, 0o644) // ok: the state directory
}

// lock writes the lock file its contract allows at the project root.
//
//staterootlint:may-write project:px.lock project:dist/** repo:**
func lock(start string, data []byte) {
	p := root(start)
	os.WriteFile(filepath.Join(p, "px.lock"), data, 0o644)               // ok: declared
	os.WriteFile(filepath.Join(p, "dist", "px", "app.tar"), data, 0o644) // ok: declared by a glob
	func() { os.Remove(filepath.Join(p, "px.lock")) }()                  // ok: a closure of the declaring function
	os.WriteFile(filepath.Join(p, "notes.txt"), data, 0o644)             // want `os.WriteFile writes "notes.txt" under the project root, outside the state directory; .*:may-write project:notes.txt`
	repo, _ := stateroots.RepoStateRoot(p, "px")
	os.WriteFile(filepath.Join(repo, "state.json"), data, 0o644) // ok
}

// mixed declares the lock, but one of its paths is a literal.
//
//staterootlint:may-write project:px.lock
func mixed(start string, debug bool, data []byte) {
	path := filepath.Join(root(start), "px.lock")
	if debug {
		path = "debug.lock"
	}
	os.WriteFile(path, data, 0o644) // want `os.WriteFile writes "debug.lock" relative to the working directory`
}

func save(path string, data []byte) error { return os.WriteFile(path, data, 0o644) }

func viaHelper(start string, data []byte) {
	save(filepath.Join(root(start), "px.lock"), data) // want `project.save receives "px.lock" under the project root for a path it writes \(os.WriteFile at project.go:\d+\), outside the state directory; .*:may-write project:px.lock`
}

// viaHelperDeclared passes the declared lock to the helper.
//
//staterootlint:may-write project:px.lock
func viaHelperDeclared(start string, data []byte) {
	save(filepath.Join(root(start), "px.lock"), data) // ok: declared where the path becomes concrete
}

func fromContext(from string, out string, data []byte) error {
	c, err := stateroots.NewDirContext(stateroots.DirConfig{App: "px", FromDir: from})
	if err != nil {
		return err
	}
	os.WriteFile(filepath.Join(c.RepoStateRoot(), "runs.db"), data, 0o644) // ok: the repo state root
	os.WriteFile(filepath.Join(c.GlobalStateRoot(), "x"), data, 0o644)     // ok: the global state root
	os.WriteFile(filepath.Join(c.ProjectRoot(), "px.lock"), data, 0o644)   // want `os.WriteFile writes "px.lock" under the project root`
	run, err := c.CreateRunDir("agent-1")
	if err != nil {
		return err
	}
	os.WriteFile(filepath.Join(run, "notes.md"), data, 0o600) // ok: a run directory is under the repo state root
	p, err := c.UserPath(out)
	if err != nil {
		return err
	}
	return os.WriteFile(p, data, 0o644) // ok: the user's path, confined to the project
}
