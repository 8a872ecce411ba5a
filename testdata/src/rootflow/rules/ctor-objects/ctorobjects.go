// Package ctorobjects: a method writes what a getter returns of the object
// it is called on; the requirement is on that object's field, so only the
// objects that are saved are checked.
package ctorobjects

import (
	"flag"
	"fmt"
	"os"
)

var out = flag.String("out", "", "where to write")

type target struct{ path string }

func newTarget(p string) *target { return &target{path: p} }

func (t *target) file() string { return t.path }

func (t *target) save() error { return os.WriteFile(t.file(), nil, 0o600) }

func main() {
	x := newTarget(*out) // ok: the user's path, saved
	_ = x.save()
	y := newTarget("/etc/myapp.conf") // ok: y is read, never saved
	fmt.Println(y.file())
	_ = os.WriteFile("/var/lib/myapp/state", nil, 0o600) // want `the fixed path "/var/lib/myapp/state"`
}
