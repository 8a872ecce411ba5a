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

var name = flag.String("name", "", "the file to create, relative to the working directory")

// smartJoin joins b onto a unless b is absolute: the user's b below the
// caller's a.
func smartJoin(a, b string) string {
	if filepath.IsAbs(b) {
		return b
	}
	return filepath.Join(a, b)
}

func inCwd(data []byte) {
	wd, _ := os.Getwd()
	os.WriteFile(filepath.Join(wd, *name), data, 0o644)                   // ok: the user's name, resolved against the cwd as a relative path is
	os.WriteFile(smartJoin(wd, *name), data, 0o644)                       // ok: the same through a join helper
	os.WriteFile(filepath.Join(wd, "state.json"), data, 0o644)            // want `os.WriteFile writes "state.json" under the working directory from os.Getwd`
	os.WriteFile(filepath.Join(wd, ".myapp", *name), data, 0o644)         // want `os.WriteFile writes "\.myapp/\*" under the working directory from os.Getwd`
	os.WriteFile(smartJoin(wd, "state.json"), data, 0o644)                // want `os.WriteFile writes "state.json" under the working directory from os.Getwd`
	os.WriteFile(smartJoin(filepath.Join(wd, "out"), *name), data, 0o644) // want `os.WriteFile writes "out/\*" under the working directory from os.Getwd`
	home, _ := os.UserHomeDir()
	os.WriteFile(filepath.Join(home, *name), data, 0o644) // want `os.WriteFile writes a path under the home directory`
}
