package projectdir

import (
	"flag"
	"os"
	"path/filepath"
)

// A task runner that resolves each task's directory in place: the task's
// dir, as the user wrote it (or as a constructor was given it), is joined
// onto the project directory and stored back into the same field. The
// value joined below the project directory is what the field held, and
// every store into the field is checked at the write on its own: the
// project directory is the user's base there, whatever its stores are.

var (
	taskFile = flag.String("file", "", "the task file (default Tasks.yml in the working directory)")
	jobDir   = flag.String("job-dir", "", "the job's directory, relative to the task file")
)

type job struct{ dir string }

// newJob keeps the dir it is given: the store is a parameter, which the
// element test alone cannot read through.
func newJob(dir string) *job { return &job{dir: dir} }

type runner struct{ dir string }

func newRunner() *runner {
	wd, _ := os.Getwd()
	return &runner{dir: find(wd)} // ok: the project directory, with the user's job dir below it
}

// compile resolves the job's dir in place against the project directory.
func (r *runner) compile(j *job) {
	j.dir = smartJoin(r.dir, j.dir)
}

func (j *job) run() { os.MkdirAll(j.dir, 0o755) }

func runJobs() {
	r := newRunner()
	j := newJob(*jobDir)
	r.compile(j)
	j.run()
	k := newJob("build") // want `os.MkdirAll at resolve.go:39`
	r.compile(k)
	k.run()
}

// The same in place join with a directory of the tool's own as the base:
// still reported.

type step struct{ dir string }

func newStep(dir string) *step { return &step{dir: dir} }

type engineState struct{ dir string }

func newEngineState() *engineState {
	wd, _ := os.Getwd()
	return &engineState{dir: filepath.Join(wd, ".steps")} // want `os.MkdirAll at resolve.go:67`
}

func (s *engineState) compile(st *step) { st.dir = smartJoin(s.dir, st.dir) }

func (st *step) run() { os.MkdirAll(st.dir, 0o755) }

func runSteps() {
	s := newEngineState()
	st := newStep(*jobDir)
	s.compile(st)
	st.run()
}

// A join whose element is another record's field, not the one stored
// into: the element test decides, and it cannot read through the
// parameter stored into unit.dir.

type unit struct{ dir string }

func newUnit(dir string) *unit { return &unit{dir: dir} }

type target struct{ dir string }

type builder struct{ dir string }

func newBuilder() *builder {
	wd, _ := os.Getwd()
	return &builder{dir: wd} // want `os.MkdirAll at resolve.go:95`
}

func (b *builder) target(u *unit) *target { return &target{dir: smartJoin(b.dir, u.dir)} }

func (t *target) run() { os.MkdirAll(t.dir, 0o755) }

func runTargets() {
	b := newBuilder()
	b.target(newUnit(*jobDir)).run()
}

// The directory of the task file found in the working directory is the
// working directory: Dir("Tasks.yml") is ".".
func taskFileDir() string {
	if *taskFile != "" {
		return filepath.Dir(*taskFile)
	}
	return filepath.Dir("Tasks.yml")
}

func runInTaskFileDir() {
	os.MkdirAll(filepath.Join(taskFileDir(), *jobDir), 0o755)                 // ok: the user's dir below the task file's
	os.MkdirAll(filepath.Join(filepath.Dir("state/db.json"), *jobDir), 0o755) // want `os.MkdirAll writes "state/\*" relative to the working directory`
}

// The path between a cell and the user's element counts: the directory
// of the file a cell names (a default name, in the cwd) is the cwd, and a
// constant directory after the cell's value is the program's own.

var defaultName = "Tasks.yml"

type found struct{ file string }

func locate() *found { return &found{file: defaultName} }

func (f *found) run() {
	os.MkdirAll(filepath.Join(filepath.Dir(f.file), *jobDir), 0o755) // ok: the user's dir beside the task file in the cwd
}

type area struct{ dir string }

func newArea() *area {
	wd, _ := os.Getwd()
	return &area{dir: wd} // want `os.MkdirAll at resolve.go:139`
}

func (a *area) run() {
	sub := filepath.Join(a.dir, "sub")
	os.MkdirAll(filepath.Join(sub, *jobDir), 0o755)
}

func runFound() {
	locate().run()
	newArea().run()
}
