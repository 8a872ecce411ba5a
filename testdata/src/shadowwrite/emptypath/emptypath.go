// Package emptypath: the empty string is not the working directory. Removing
// "" does nothing and writing to "" fails; only a path that really is
// relative ("x", Join("", "x")) is written relative to the working directory.
package emptypath

import (
	"errors"
	"os"
	"path/filepath"

	"github.com/staterootlint/staterootlint/stateroots"
)

var errNoProject = errors.New("no project")

func cleanup(lock string) {
	os.Remove("")     // ok: removing "" does nothing
	os.RemoveAll(lock) // ok: the caller passes a rooted path or ""
}

func callers(project string) {
	cleanup("")
	root, _ := stateroots.RepoStateRoot(project, "myapp")
	cleanup(filepath.Join(root, "lock"))
}

func joinEmpty(data []byte) {
	os.WriteFile(filepath.Join("", "x.json"), data, 0o644) // want `os.WriteFile writes "x.json" relative to the working directory`
	os.WriteFile(""+"y.json", data, 0o644)                 // want `os.WriteFile writes "y.json" relative to the working directory`
	os.WriteFile(filepath.Join(), data, 0o644)             // ok: an empty path fails, it writes nothing
}

// stateDir returns the zero value beside an error through a named result
// that a deferred function reads.
func stateDir(project string) (dir string, err error) {
	defer func() {
		if err != nil {
			err = errors.Join(errNoProject, err)
		}
	}()
	if project == "" {
		return // dir is still "" here, beside a non-nil err
	}
	dir, err = stateroots.RepoStateRoot(project, "myapp")
	return
}

func useNamed(project string, data []byte) error {
	dir, err := stateDir(project)
	if err != nil {
		return err
	}
	return os.WriteFile(filepath.Join(dir, "state.json"), data, 0o644) // ok: "" only comes with an error
}

// assigned declares a variable captured by a closure and assigns it on
// every path before it is used.
func assigned(project string, fast bool, data []byte) {
	var dir string
	set := func(d string) { dir = d }
	root, _ := stateroots.RepoStateRoot(project, "myapp")
	if fast {
		set(filepath.Join(root, "fast"))
	} else {
		set(filepath.Join(root, "slow"))
	}
	os.WriteFile(filepath.Join(dir, "x"), data, 0o644) // ok: never "" here, and "" would fail anyway
}

// fallback is not an error path: "." is a real relative path.
func fallback(project string) (string, error) {
	r, err := stateroots.RepoStateRoot(project, "myapp")
	if err != nil {
		return ".", nil
	}
	return r, nil
}

func useFallback(project string, data []byte) {
	f, _ := fallback(project)
	os.WriteFile(filepath.Join(f, "y"), data, 0o644) // want `os.WriteFile writes "y" relative to the working directory`
}
