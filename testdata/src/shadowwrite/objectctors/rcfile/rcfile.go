// Package rcfile declares a record built by constructors and touched by a
// method, for the cross-package cases of objectctors.
package rcfile

import (
	"os"
	"time"
)

// File is a file the program found and may touch.
type File struct {
	path  string
	label string
}

// FromPath builds a File; it only keeps the path.
func FromPath(path string) *File {
	return &File{path: path, label: "file"}
}

// Touch bumps the file's modification time: a write of its path.
func (f *File) Touch() error {
	t := time.Now()
	return os.Chtimes(f.path, t, t)
}

// Label is shown to the user, never written.
func (f *File) Label() string { return f.label }
