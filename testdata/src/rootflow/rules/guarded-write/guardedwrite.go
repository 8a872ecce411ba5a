// Package guardedwrite: only records flagged Temp are removed; a record
// built with the flag false never reaches the removal.
package guardedwrite

import (
	"os"
	"path/filepath"
)

type record struct {
	Name string
	Temp bool
}

var files []record

func add(userPath string) {
	files = append(files, record{Name: filepath.Base(userPath)}) // ok: not temp, never removed
}

func addArchive() {
	files = append(files, record{Name: "archive.zip", Temp: true}) // want `"archive.zip" relative to the working directory`
}

func cleanup() {
	for _, f := range files {
		if f.Temp {
			os.Remove(f.Name)
		}
	}
}

// Run records a file the user named and an archive, removes the
// temporary one, and edits the buffers.
func Run(userPath string) {
	add(userPath)
	addArchive()
	cleanup()
	edit()
}
