// Package selfcopy: a record's name cleaned in place keeps the record's
// flag, so the guard on the removal still exempts unflagged records.
package selfcopy

import (
	"os"
	"path"
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

func normalize(i int) {
	r := &files[i]
	r.Name = path.Clean(r.Name) // ok: the record's own name, its flag unchanged
}

func cleanup() {
	for _, f := range files {
		if f.Temp {
			os.Remove(f.Name)
		}
	}
}

// Run records a file the user named and an archive, cleans the first
// name, and removes the temporary record.
func Run(userPath string) {
	add(userPath)
	addArchive()
	normalize(0)
	cleanup()
}
