// Package localobjects: a field of an object the function keeps to itself
// is what the function stored there, not that field of every object.
package localobjects

import (
	"flag"
	"fmt"
	"os"
)

var out = flag.String("out", "", "where to write")

type opts struct{ path string }

var current = &opts{path: "/etc/myapp.conf"} // ok: read, never written

func main() {
	local := opts{path: *out}
	_ = os.WriteFile(local.path, nil, 0o600) // ok: the local object's path, the user's
	fmt.Println(current.path)
	_ = os.WriteFile("/var/lib/myapp/state", nil, 0o600) // want `the fixed path "/var/lib/myapp/state"`
}

// target is where a command writes, or a name shown to the user.
type target struct{ dir string }

// setDir is a setter: it only stores into the object it is handed.
func setDir(t *target, d string) { t.dir = d }

func writeTo(t *target) { _ = os.MkdirAll(t.dir, 0o700) }

// show hands its own object to the setter, only to print it: the object
// never reaches a write.
func show() {
	var t target
	setDir(&t, "shown.d") // ok: this object is never written
	fmt.Println(t.dir)
}

// save hands an object to the setter that reaches a write.
func save() {
	t := &target{}
	setDir(t, "saved.d") // want `"saved.d" relative`
	writeTo(t)
}
