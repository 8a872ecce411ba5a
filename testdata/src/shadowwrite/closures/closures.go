package closures

import (
	"os"
	"path/filepath"

	"github.com/staterootlint/staterootlint/stateroots"
)

func captured(project string, data []byte) error {
	root, err := stateroots.RepoStateRoot(project, "myapp")
	if err != nil {
		return err
	}
	write := func(name string) error {
		return os.WriteFile(filepath.Join(root, name), data, 0o644) // ok: captured root
	}
	bad := "scratch"
	writeBad := func() {
		os.WriteFile(filepath.Join(bad, "x"), data, 0o644) // want `os.WriteFile writes "scratch/x" relative to the working directory`
	}
	writeBad()
	func(p string) {
		os.WriteFile(p, data, 0o644)
	}("inline.txt") // want `receives "inline.txt" relative to the working directory`
	return write("a")
}

func reassigned(project string, data []byte) {
	dir := "tmp-out"
	set := func() {
		r, _ := stateroots.RepoStateRoot(project, "myapp")
		dir = r
	}
	set()
	os.WriteFile(filepath.Join(dir, "x"), data, 0o644) // want `os.WriteFile writes "tmp-out/x" relative to the working directory`
}

func deferred(project string) {
	root, _ := stateroots.RepoStateRoot(project, "myapp")
	defer os.RemoveAll(filepath.Join(root, "tmp")) // ok: rooted, deferred
	defer os.RemoveAll("scratch")                  // want `os.RemoveAll writes "scratch" relative to the working directory`
	go os.Remove("pidfile")                        // want `os.Remove writes "pidfile"`
}
