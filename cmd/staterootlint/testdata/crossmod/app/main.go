// Command app uses lib from another module.
package main

import (
	"example.com/lib"
	"fmt"
	"os"
	"path/filepath"
)

//staterootlint:command app
func main() {
	// A Runner that only describes where something ran: its Dir is lib's
	// own field, which the engine tells apart from no other object's, so
	// the requirement lib's Run puts on it does not cross the module.
	shown := &lib.Runner{Dir: "display-only"}
	fmt.Println(shown.Dir, shown)

	// A parameter that reaches a write through lib's calls alone is still
	// a requirement on this caller.
	_ = lib.Save("state.json", nil)

	// A directory lib copies into an options struct passed by value: the
	// struct's field is followed back to the parameter.
	_ = lib.GenTree("app", "man")

	// Calls lib cannot resolve: one passed lib's own text, one passed the
	// path this program gives it.
	lib.Render(page{})
	_ = lib.Keep(store{}, "kept.json")

	// lib's objects that keep the path they are given, written by their
	// methods: followed to this program's own objects.
	home, _ := os.UserHomeDir()
	lock := lib.NewLock(filepath.Join(home, ".app.lock"))
	_, _ = lock.TryLock()
	ran := &lib.Runner{Dir: filepath.Join(home, ".app-run")}
	_ = ran.Run(nil)
	// One this program does not make: not followed to its stores, and
	// unproven, never silent.
	_, _ = lib.Shared().TryLock()
	// One whose field lib only ever fills with a temporary directory:
	// allowed as it is, whichever object it is.
	_ = lib.DefaultScratch().Save("notes.txt", nil)
}

type page struct{}

func (page) Text(string) {}

type store struct{}

func (store) Put(string) error { return nil }
