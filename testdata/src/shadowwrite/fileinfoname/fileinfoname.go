// Package fileinfoname: fs.FileInfo's Name is the file's base name, a
// bare name: written unjoined it is relative to the working directory,
// whatever the file it describes; joined below a root it is an element.
package fileinfoname

import (
	"os"
	"path/filepath"

	"github.com/staterootlint/staterootlint/stateroots"
)

// entry is a file queued for sending; temp ones are removed afterwards.
type entry struct {
	name string
	temp bool
}

func cleanup(entries []entry) {
	for _, e := range entries {
		if e.temp {
			_ = os.Remove(e.name)
		}
	}
}

func main() {
	root, _ := stateroots.RepoStateRoot(".", "myapp")
	st, err := os.Lstat(filepath.Join(root, "bundle.zip"))
	if err != nil {
		return
	}
	_ = os.Remove(filepath.Join(root, st.Name()))   // ok: an element below a state root
	cleanup([]entry{{name: st.Name(), temp: true}}) // want `bare file name`
}
