// Package objectctors checks that a field read through a parameter (a
// method's receiver) that reaches a write is required of the objects
// that reach that parameter only: a constructor's arguments are checked
// where its result is touched, not at every call of the constructor.
package objectctors

import (
	"fmt"
	"os"
	"path/filepath"
	"time"

	"shadowwrite/objectctors/rcfile"

	"github.com/staterootlint/staterootlint/stateroots"
)

type RC struct {
	path  string
	shown string
}

// RCFromPath is a constructor: it stores its parameter into the new RC.
func RCFromPath(path string) (*RC, error) {
	if path == "" {
		return nil, fmt.Errorf("no path")
	}
	return &RC{path: path, shown: filepath.Base(path)}, nil
}

// FindRC is a constructor through another: what RCFromPath stores is its
// argument, here a name derived from wd.
func FindRC(wd string) (*RC, error) {
	return RCFromPath(filepath.Join(wd, ".envrc"))
}

// Touch writes the RC's path: a requirement on the path of the RC it is
// called on, not on every RC.
func (rc *RC) Touch() error {
	return touch(rc.path)
}

func touch(path string) error {
	t := time.Now()
	return os.Chtimes(path, t, t)
}

// SetPath changes an RC after construction: it may be any RC, so what it
// stores is checked as before.
func (rc *RC) SetPath(p string) {
	rc.path = p
}

func reset(rc *RC) {
	rc.SetPath("set.envrc") // want `SetPath receives "set.envrc" relative to the working directory`
}

// Objects that are never touched: their paths are only read.
func show() {
	rc, _ := RCFromPath("shown.envrc") // ok: this RC is never touched
	fmt.Println(rc.shown)
	wd, _ := os.Getwd()
	found, _ := FindRC(wd) // ok: never touched either
	fmt.Println(found.shown)
}

// Objects that are touched: their constructors' arguments are checked.
func reload(project string) {
	rc, _ := RCFromPath("touched.envrc") // want `RCFromPath receives "touched.envrc" relative to the working directory`
	rc.Touch()

	wd, _ := os.Getwd()
	found, _ := FindRC(wd) // want `FindRC receives a path under the working directory from os.Getwd`
	found.Touch()

	root, _ := stateroots.RepoStateRoot(project, "myapp")
	good, _ := FindRC(root) // ok: rooted
	good.Touch()

	// Through a helper whose parameter is the object: the requirement
	// moves up to its callers.
	viaHelper, _ := RCFromPath("helper.envrc") // want `RCFromPath receives "helper.envrc" relative to the working directory`
	touchIt(viaHelper)
	notTouched, _ := RCFromPath("helper-other.envrc") // ok: handed to a helper that does not touch
	describe(notTouched)

	// A local object touched where it is built.
	lit := &RC{path: "lit.envrc"} // want `field objectctors.RC.path is assigned "lit.envrc" relative to the working directory, and it is written`
	lit.Touch()
	shownLit := &RC{path: "shown-lit.envrc", shown: "x"} // ok: never touched
	describe(shownLit)

	reset(good)
	good.Touch()
}

func touchIt(rc *RC) { rc.Touch() }

func describe(rc *RC) { fmt.Println(rc.shown) }

// An object handed on as an interface value is still that object.
type reloader interface{ Reload() error }

func (rc *RC) Reload() error { return rc.Touch() }

func throughInterface() {
	rc, _ := RCFromPath("iface.envrc") // want `RCFromPath receives "iface.envrc" relative to the working directory`
	reloadAny(rc)
	other, _ := RCFromPath("iface-other.envrc") // ok: never touched
	fmt.Println(other.shown)
}

func reloadAny(r reloader) { r.Reload() }

// Objects the analysis cannot follow to the touch (kept in a global,
// taken from a map): every Pinned's path is checked where it is stored,
// as for any field, the ones never touched included.
type Pinned struct{ path string }

func NewPinned(path string) *Pinned { return &Pinned{path: path} }

func (p *Pinned) Touch() error { return touch(p.path) }

var current *Pinned

func escape() {
	current = NewPinned("global.pin")                       // want `NewPinned receives "global.pin" relative to the working directory`
	byName := map[string]*Pinned{"x": NewPinned("map.pin")} // want `NewPinned receives "map.pin" relative to the working directory`
	byName["x"].Touch()
	shown := NewPinned("shown.pin") // want `NewPinned receives "shown.pin" relative to the working directory`
	fmt.Println(shown.path)
}

func touchCurrent() { current.Touch() }

// An interface several types implement: the call may reach any of them,
// and every object of each is checked.
type bumper interface{ Bump() error }

func bumpAny(b bumper) { b.Bump() }

func (p *Pinned) Bump() error { return nil }

type Shared struct{ path string }

func NewShared(path string) *Shared { return &Shared{path: path} }

func (s *Shared) Bump() error { return touch(s.path) }

func (s *Shared) Name() string { return s.path }

// Loose implements bumper too, but this package never makes one a
// bumper: the call is not bound to it (another package may), and every
// Loose object is checked for where it might be bumped.
type Loose struct{ path string }

func NewLoose(path string) *Loose { return &Loose{path: path} }

func (l *Loose) Bump() error { return touch(l.path) }

func (l *Loose) Name() string { return l.path }

func sharedUse() {
	bumpAny(NewShared(""))                        // ok: empty (never a write)
	fmt.Println(NewShared("shown.shared").Name()) // ok: a Shared is made a bumper here, so the call is bound to Shared.Bump and checks the objects passed to bumpAny, not this one
	fmt.Println(NewLoose("shown.loose").Name())   // want `NewLoose receives "shown.loose" relative to the working directory`
}

// A method value binds its receiver where the engine does not follow it:
// every Bound's path is checked.
type Bound struct{ path string }

func NewBound(path string) *Bound { return &Bound{path: path} }

func (b *Bound) Touch() error { return touch(b.path) }

func methodValue() {
	f := NewBound("bound.pin").Touch // want `NewBound receives "bound.pin" relative to the working directory`
	f()
	shown := NewBound("shown-bound.pin") // want `NewBound receives "shown-bound.pin" relative to the working directory`
	fmt.Println(shown.path)
}

// Across packages: rcfile.FromPath is a constructor, rcfile.File.Touch
// writes its path.
func crossPackage() {
	shown := rcfile.FromPath("cross-shown.envrc") // ok: never touched
	fmt.Println(shown.Label())
	touched := rcfile.FromPath("cross-touched.envrc") // want `FromPath receives "cross-touched.envrc" relative to the working directory`
	touched.Touch()
}

// A function used as a value (a handler passed on) may be called where
// the engine does not follow the call: every Job's dir is checked.
type Job struct{ dir string }

func NewJob(dir string) *Job { return &Job{dir: dir} }

func runJob(j *Job) error { return os.MkdirAll(j.dir, 0o755) }

func jobs(handlers map[string]func(*Job) error) {
	handlers["run"] = runJob
	handlers["run"](NewJob("job.d"))     // want `NewJob receives "job.d" relative to the working directory`
	fmt.Println(NewJob("shown.job").dir) // want `NewJob receives "shown.job" relative to the working directory`
}

// Run reloads the project's rc files.
func Run(project string) {
	reload(project)
}
