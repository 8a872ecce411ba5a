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
