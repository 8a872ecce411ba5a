// Package emptybase: a task's directory, read from the user's task file,
// is joined below the runner's directory, which is "" (the working
// directory) unless a flag set it. Where the runner's directory is empty,
// filepath.Join("", name) is the name itself. The engine does not yet
// check the name's own stores where the base of a join stored in a field
// may be empty (following them from a requirement turned one spurious
// empty value of a real program into a false shadow finding): the write
// is counted unproven where the empty directory is passed, never silent.
package emptybase

import (
	"encoding/json"
	"os"
	"path/filepath"
)

// Task is one task of the task file.
type Task struct {
	Name string
	Dir  string // relative to the runner's directory
}

// Runner runs the tasks of one task file.
type Runner struct {
	Dir   string // "" for the working directory
	Tasks []*Task
}

// smartJoin joins b below a unless b is absolute already.
func smartJoin(a, b string) string {
	if filepath.IsAbs(b) {
		return b
	}
	return filepath.Join(a, b)
}

// Load reads the task file.
func (r *Runner) Load(data []byte) error {
	if err := json.Unmarshal(data, &r.Tasks); err != nil {
		return err
	}
	for _, t := range r.Tasks {
		t.Dir = smartJoin(r.Dir, t.Dir)
	}
	return nil
}

// Run makes each task's directory.
func (r *Runner) Run() error {
	for _, t := range r.Tasks {
		if t.Dir == "" {
			continue
		}
		if err := os.MkdirAll(t.Dir, 0o755); err != nil { // want `field emptybase.Task.Dir is assigned data json.Unmarshal decodes, which the analysis cannot follow`
			return err
		}
	}
	return nil
}

// New returns a runner in dir, "" for the working directory.
func New(dir string) *Runner { return &Runner{Dir: dir} }

func run(data []byte) error {
	r := New("") // want `emptybase.New receives an empty path with a name the analysis cannot follow joined below it`
	if err := r.Load(data); err != nil {
		return err
	}
	return r.Run()
}
