package objects

import (
	"fmt"
	"os"
	"path/filepath"

	"github.com/staterootlint/staterootlint/stateroots"
)

type options struct {
	dir   string
	label string
}

// save writes under the object's dir: a requirement on the field.
func (o *options) save(data []byte) error {
	return os.WriteFile(filepath.Join(o.dir, "state.json"), data, 0o600)
}

func run(project string, data []byte) {
	root, _ := stateroots.RepoStateRoot(project, "myapp")
	o := &options{dir: root}
	o.save(data) // ok: rooted

	// Another object of the same type, which never reaches a write: its
	// dir is only shown to the user.
	shown := options{dir: "display/only", label: "x"} // ok: this object is never written
	fmt.Println(shown.dir, shown.label)

	// A local object whose field is written right here: reported at the
	// write, where the path is used.
	tmp := options{dir: "local.d"}
	os.MkdirAll(tmp.dir, 0o700) // want `os.MkdirAll writes "local.d" relative to the working directory`

	// An object that escapes (its method writes its field) is checked at
	// the store, as every object of its type.
	bad := options{dir: "escaped.d"} // want `field objects.options.dir is assigned "escaped.d" relative to the working directory, and it is written`
	bad.save(data)
}

// swap copies objects back and forth: still local, still followed.
func swap() {
	x := options{dir: "x.d"}
	y := x
	x = y
	os.MkdirAll(y.dir, 0o700) // want `os.MkdirAll writes "x.d" relative to the working directory`
}

// Run saves the project's options and swaps a pair.
func Run(project string, data []byte) {
	run(project, data)
	swap()
}
