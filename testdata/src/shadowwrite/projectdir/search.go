package projectdir

import (
	"os"
	"path/filepath"
)

// The project directory as the directory of a task file found by name:
// the names are a package list, tried in each directory from the working
// directory up, each joined with a join that keeps absolute names. The
// file found is in the cwd or above it, so its directory is the user's
// base, whatever the names are.

var taskFileNames = []string{"Tasks.yml", "Tasks.yaml"}

// lookIn returns the first of names that exists in dir.
func lookIn(dir string, names []string) (string, error) {
	for _, name := range names {
		candidate := smartJoin(dir, name)
		if _, err := os.Stat(candidate); err == nil {
			return filepath.Abs(candidate)
		}
	}
	return "", os.ErrNotExist
}

// searchUp tries dir and every directory above it.
func searchUp(dir string, names []string) (string, error) {
	for {
		if found, err := lookIn(dir, names); err == nil {
			return found, nil
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return "", os.ErrNotExist
		}
		dir = parent
	}
}

type project struct{ dir string }

func openProject(dir string) (*project, error) {
	if dir == "" {
		wd, err := os.Getwd()
		if err != nil {
			return nil, err
		}
		dir = wd
	}
	file, err := searchUp(dir, taskFileNames)
	if err != nil {
		return nil, err
	}
	return &project{dir: filepath.Dir(file)}, nil
}

func (p *project) runJob() {
	os.MkdirAll(filepath.Join(p.dir, *jobDir), 0o755) // ok: the user's job dir below the project
}

func runProject() {
	p, err := openProject("")
	if err != nil {
		return
	}
	p.runJob()
}

// The same search with a name that is an absolute path of the program's
// own: the join keeps it, so it is the base of the user's job dir, and it
// is reported where it is stored.

var fallbackNames = []string{"Tasks.yml"}

func addHomeTasks() {
	if home, err := os.UserHomeDir(); err == nil {
		fallbackNames = append(fallbackNames, filepath.Join(home, "Tasks.yml")) // want `os.MkdirAll at search.go:59`
	}
}

func openFallback() (*project, error) {
	wd, err := os.Getwd()
	if err != nil {
		return nil, err
	}
	file, err := searchUp(wd, fallbackNames)
	if err != nil {
		return nil, err
	}
	return &project{dir: filepath.Dir(file)}, nil
}

func runFallback() {
	addHomeTasks()
	if p, err := openFallback(); err == nil {
		p.runJob()
	}
}

// With -global the search starts in the home directory the user asked
// for, and may find the task file there or above it: still the user's
// base. Without the flag, the home directory is the program's choice.

func openStart(start string) *project {
	file, err := searchUp(start, taskFileNames)
	if err != nil {
		return &project{dir: start}
	}
	return &project{dir: filepath.Dir(file)}
}

func runGlobal() {
	start, _ := os.Getwd()
	if *global {
		home, err := os.UserHomeDir()
		if err == nil {
			start = home
		}
	}
	openStart(start).runJob()
}

func runHome() {
	home, _ := os.UserHomeDir()
	openStart(home).runJob() // want `os.MkdirAll at search.go:59`
}
