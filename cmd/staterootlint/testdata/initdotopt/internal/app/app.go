// Package app holds the program's options: its data directory defaults
// to the .dotopt directory of the project it runs in.
package app

import (
	"os"
	"path/filepath"
)

// DefaultDataDirectory is the data directory, relative to the working
// directory, when the options set none.
const DefaultDataDirectory = ".dotopt"

// Options are the program's options.
type Options struct {
	WorkingDir    string
	DataDirectory string
	Debug         bool
}

// New returns the options with their defaults filled in.
func New() *Options {
	o := &Options{}
	o.WorkingDir, _ = os.Getwd()
	if o.DataDirectory == "" {
		o.DataDirectory = filepath.Join(o.WorkingDir, DefaultDataDirectory)
	}
	return o
}
