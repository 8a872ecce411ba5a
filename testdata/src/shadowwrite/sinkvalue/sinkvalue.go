// Package sinkvalue: a write sink passed as a function value. A helper
// that calls its func-typed parameter with a path writes that path when
// the caller binds the parameter to os.WriteFile (directly, or read from
// a field that holds it) or to a function whose parameter reaches a
// write; the path is checked at the call that binds it. Bound to a
// function that writes nothing, or given a rooted path, it is quiet.
package sinkvalue

import (
	"io/fs"
	"os"
	"path/filepath"

	"github.com/staterootlint/staterootlint/stateroots"

	"shadowwrite/sinkvalue/lib"
)

type fileWriter func(name string, data []byte, perm fs.FileMode) error

// materialize writes a file through whatever writer it is given.
func materialize(dir, name string, data []byte, write fileWriter) error {
	return write(filepath.Join(dir, name, "trampoline.js"), data, 0o400) // ok: checked where write is bound
}

// through passes its writer on: it calls it, in effect.
func through(dir string, write fileWriter) error {
	return materialize(dir, "sub", nil, write) // ok: checked where write is bound
}

// deferred calls its writer from a closure.
func deferred(dir string, write fileWriter) func() error {
	return func() error {
		return write(filepath.Join(dir, "later"), nil, 0o644) // ok: checked where write is bound
	}
}

func direct(data []byte) {
	materialize("cache", "x", data, os.WriteFile) // want `materialize receives "cache/x/trampoline.js" relative to the working directory`
	root, _ := stateroots.GlobalStateRoot("myapp")
	materialize(root, "x", data, os.WriteFile) // ok: below the root
	through("plain", os.WriteFile)             // want `through receives "plain/sub/trampoline.js" relative to the working directory`
	through(root, os.WriteFile)                // ok
	deferred("later", os.WriteFile)            // want `deferred receives "later/later" relative to the working directory`
}

// step keeps its writer in a field, as a test would swap it.
type step struct{ write fileWriter }

func newStep() *step { return &step{write: os.WriteFile} }

func (s *step) run(data []byte) {
	materialize("steps", "y", data, s.write) // want `materialize receives "steps/y/trampoline.js" relative to the working directory`
	root, _ := stateroots.GlobalStateRoot("myapp")
	materialize(root, "y", data, s.write) // ok
	s.write("direct.txt", nil, 0o644)     // want `os.WriteFile writes "direct.txt" relative to the working directory`
}

// discard writes nothing: binding it is quiet.
func discard(string, []byte, fs.FileMode) error { return nil }

func notASink() {
	materialize("out", "z", nil, discard) // ok: discard writes nothing
	materialize("out", "z", nil, func(name string, data []byte, perm fs.FileMode) error {
		return nil
	}) // ok: the literal writes nothing
}

// underRoot writes its name below a state root: only the root is
// checked, not the relative name it is given.
func underRoot(name string, data []byte, perm fs.FileMode) error {
	root, err := stateroots.GlobalStateRoot("myapp")
	if err != nil {
		return err
	}
	return os.WriteFile(filepath.Join(root, name), data, perm) // ok
}

// save writes exactly the name it is given.
func save(name string, data []byte, perm fs.FileMode) error {
	return os.WriteFile(name, data, perm) // ok: checked at the callers
}

func writers(data []byte) {
	materialize("rel", "w", data, underRoot) // ok: underRoot roots the name
	materialize("rel", "w", data, save)      // want `materialize receives "rel/w/trampoline.js" relative to the working directory`
	root, _ := stateroots.GlobalStateRoot("myapp")
	materialize(root, "w", data, save) // ok
}

// opener calls its opener read-only: no write.
func opener(name string, open func(string, int, fs.FileMode) (*os.File, error)) {
	open(filepath.Join(name, "f"), os.O_RDONLY, 0)
}

func openers() {
	opener("rel", os.OpenFile) // ok: opened read-only
}

// Another package's helper: its summary carries the call.
func crossPackage() {
	lib.Unpack("dist", "a", os.WriteFile) // want `lib.Unpack receives "dist/a" relative to the working directory`
	root, _ := stateroots.GlobalStateRoot("myapp")
	lib.Unpack(root, "a", os.WriteFile) // ok
	lib.Unpack("dist", "a", discard)    // ok
}

// A func field that only ever holds one function is that function; one
// that holds several (a table of commands) is like an interface with
// several implementations: the one that writes may not be the one that
// runs, and the call is not blamed for it.
type reader func(dir string) error

type stepper struct{ read reader }

func readImpl(dir string) error { return os.MkdirAll(dir, 0o755) } // ok: checked at the callers

func steps() {
	st := stepper{read: readImpl}
	st.read("rel") // want `readImpl receives "rel" relative to the working directory`
}

type cmdFunc func(args string) error

type command struct {
	name string
	fn   cmdFunc
}

func saveCmd(args string) error { return os.WriteFile(args, nil, 0o644) } // ok: checked at the callers
func nextCmd(args string) error { return nil }

func table() []command {
	return []command{{"save", saveCmd}, {"next", nextCmd}}
}

func dispatch(c command, args string) error {
	return c.fn(args) // ok: another command may be the one that runs
}

func repl() {
	dispatch(table()[1], "continue") // ok
}
