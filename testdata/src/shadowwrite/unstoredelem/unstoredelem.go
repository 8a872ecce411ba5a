// Package unstoredelem joins a name nothing stores below the working
// directory. Nothing shows the name to be the user's choice, so the path
// is not the user's: the write lands in the working directory, and it
// is reported where its base is set.
package unstoredelem

import (
	"os"
	"path"
)

type upload struct{ dir, name string }

var last = &upload{}

func start() {
	last.dir = "./" // want `field unstoredelem.upload.dir is assigned "\./" relative to the working directory, and it is written \(os.WriteFile`
}

func save(data []byte) { os.WriteFile(path.Join(last.dir, last.name), data, 0o644) }

// Run starts an upload and saves its data.
func Run(data []byte) {
	start()
	save(data)
}
