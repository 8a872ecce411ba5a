// Package projectdir: a runner creates the directory the user names below
// the project directory it found from the working directory.
package projectdir

import (
	"flag"
	"os"
	"path/filepath"
)

var taskDir = flag.String("task-dir", "", "the task's directory, relative to the project")

type executor struct{ dir string }

func newExecutor() *executor {
	wd, _ := os.Getwd()
	return &executor{dir: wd} // ok: the project the user runs in, the base of their directory
}

func (e *executor) run() error {
	return os.MkdirAll(filepath.Join(e.dir, *taskDir), 0o755) // ok: the user's directory below their project
}

func main() {
	_ = newExecutor().run()
	wd, _ := os.Getwd()
	_ = os.MkdirAll(filepath.Join(wd, ".cache"), 0o755) // want `from os.Getwd`
}
