// Package projectdir: a task runner finds its task file by walking up
// from the working directory (or in the directory given with -dir, or in
// the home directory with -global), and creates each task's directory,
// which the user names relative to that file. The project directory is
// the user's (chosen by where they run the tool, or by a flag), and so is
// the directory they name below it; a directory the tool itself puts
// there is not.
package projectdir

import (
	"flag"
	"os"
	"path/filepath"
)

var (
	dirFlag = flag.String("dir", "", "project directory")
	global  = flag.Bool("global", false, "use the task file in the home directory")
	taskDir = flag.String("task-dir", "", "the task's directory, relative to the task file")
)

// find walks up from start to the directory holding Tasks.yml.
func find(start string) string {
	for d := start; ; d = filepath.Dir(d) {
		if _, err := os.Stat(filepath.Join(d, "Tasks.yml")); err == nil {
			return d
		}
		if filepath.Dir(d) == d {
			return start
		}
	}
}

type executor struct{ dir string }

func newExecutor() *executor {
	dir := *dirFlag
	if *global {
		home, err := os.UserHomeDir()
		if err == nil {
			dir = home
		}
	}
	e := &executor{dir: dir} // want `os.MkdirAll at projectdir.go:56`
	if e.dir == "" {
		wd, _ := os.Getwd()
		e.dir = find(wd) // want `os.MkdirAll at projectdir.go:56`
	}
	return e
}

func (e *executor) run() error {
	if err := os.MkdirAll(filepath.Join(e.dir, *taskDir), 0o755); err != nil { // ok: the user's directory below their project
		return err
	}
	return os.MkdirAll(filepath.Join(e.dir, ".cache"), 0o755) // reported at the stores into e.dir: a directory of the tool's own in the project
}

func main() { _ = newExecutor().run() }
