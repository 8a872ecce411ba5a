package fields

import (
	"os"

	"github.com/staterootlint/staterootlint/stateroots"
)

// A field outlives the call that stores into it: a store that follows
// the only read reaching a write in the same method is still read by the
// method's next call on the same object. Unlike a local variable's,
// such a store is checked (the log file's name after its first rotation
// lands in the working directory).

type rotating struct{ path string }

func newRotating(project string) (*rotating, error) {
	root, err := stateroots.RepoStateRoot(project, "myapp")
	if err != nil {
		return nil, err
	}
	return &rotating{path: root + "/app.log"}, nil
}

func (r *rotating) rotate() error {
	if err := os.Rename(r.path, r.path+".1"); err != nil {
		return err
	}
	r.path = "app.log" // want `field fields.rotating.path is assigned "app.log" relative to the working directory`
	return nil
}
