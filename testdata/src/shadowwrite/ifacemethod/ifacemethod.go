// Package ifacemethod: a directory is resolved through an interface
// method whose implementations (all in this package) join the user's
// directory. An engine that does not resolve the method to its
// implementations calls the result a value it cannot follow.
package ifacemethod

import (
	"flag"
	"os"
	"path/filepath"
)

type node interface {
	ResolveDir(dir string) string
}

type fileNode struct{ base string }

func (n *fileNode) ResolveDir(dir string) string {
	if filepath.IsAbs(dir) {
		return dir
	}
	return filepath.Join(n.base, dir)
}

type literalNode struct{}

func (literalNode) ResolveDir(dir string) string { return filepath.Join("cwd-state", dir) }

type task struct{ Dir string }

var root = flag.String("root", ".", "project directory")

func mkdir(t *task) error { return os.MkdirAll(t.Dir, 0o755) }

func run(sub string) error {
	var n node = &fileNode{base: *root}
	t := &task{Dir: n.ResolveDir(sub)} // ok: every implementation the value can have joins the user's directory
	return mkdir(t)
}

func runBad(sub string) error {
	var n node = literalNode{}
	t := &task{Dir: n.ResolveDir(sub)} // want `field ifacemethod.task.Dir is assigned`
	return mkdir(t)
}

// Run makes the task directories below the user's directory and below a
// literal one.
func Run(sub string) error {
	if err := run(sub); err != nil {
		return err
	}
	return runBad(sub)
}
