// Package chdirfield: a method changes into a directory below its
// object's path, then writes a bare name there. The name lands below the
// object's path, whatever that path is: the write requires what the
// object's field holds, as a write of the joined path would, and a store
// object whose path is a relative literal is reported where it is made.
package chdirfield

import (
	"os"
	"path/filepath"

	"github.com/staterootlint/staterootlint/stateroots"
)

type store struct{ path string }

func newStore(path string) *store { return &store{path: path} }

// link makes "to" an alias of "from", relative to to's directory.
func (s *store) link(from, to string) error {
	toPath := filepath.Join(s.path, to)
	cwd, err := os.Getwd()
	if err != nil {
		return err
	}
	defer func() { _ = os.Chdir(cwd) }()
	toDir := filepath.Dir(toPath)
	if err := os.MkdirAll(toDir, 0o700); err != nil {
		return err
	}
	if err := os.Chdir(toDir); err != nil {
		return err
	}
	return os.Symlink(from, filepath.Base(to))
}

func main() {
	root, _ := stateroots.RepoStateRoot(".", "myapp")
	_ = newStore(root).link("a", "b/c")          // ok: below the repo state root
	_ = newStore("loose-store").link("a", "b/c") // want `newStore receives "loose-store" relative to the working directory`
}
