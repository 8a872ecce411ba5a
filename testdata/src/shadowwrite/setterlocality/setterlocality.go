// Package setterlocality: a setter stores into the object its caller
// passes. Where that object is a helper's own (made there, handed only to
// the setter and read back), nothing stored into it reaches a write, even
// though another object of the type does.
package setterlocality

import (
	"fmt"
	"os"
	"path/filepath"

	"github.com/staterootlint/staterootlint/stateroots"
)

// location is where a client keeps its files, or a server's address.
type location struct {
	Scheme string
	Path   string
}

// setPath is the setter every helper uses.
func setPath(l *location, p string) { l.Path = p }

// describe builds a location of its own from an address, only to print
// it: its object never reaches a write.
func describe(addr string) string {
	var l location
	setPath(&l, "http://localhost:9000") // ok: this object is never written
	l.Scheme = addr
	return fmt.Sprint(l.Scheme, l.Path)
}

// store writes below its location's path.
func (l *location) store(data []byte) error {
	if err := os.MkdirAll(l.Path, 0o700); err != nil {
		return err
	}
	return os.WriteFile(filepath.Join(l.Path, "data"), data, 0o600)
}

func run(project string, data []byte) {
	root, _ := stateroots.RepoStateRoot(project, "myapp")
	l := &location{}
	setPath(l, root)
	_ = l.store(data) // ok: rooted
	fmt.Println(describe("unix"))

	// An object that reaches a write through the setter: checked at the
	// setter's call.
	w := &location{}
	setPath(w, "spool.d") // want `"spool.d" relative to the working directory`
	_ = w.store(data)
}

// scratch writes where its own object, filled by the setter, says: what
// the setter stored with this call's arguments is what the write sees.
func scratch() {
	var l location
	setPath(&l, "scratch.d")
	_ = os.MkdirAll(l.Path, 0o700) // want `os.MkdirAll writes "scratch.d" relative to the working directory`
}
