// Package rcfile keeps the program's settings in a run-commands file it
// looks up in two places: the home directory and the project the
// program runs in.
package rcfile

import (
	"os"
	"path/filepath"
)

// home is the user's home directory, found once.
var home, _ = os.UserHomeDir()

// places returns where the settings file may be: the home's, then the
// project's.
func places() []string {
	name := ".shapesrc"
	return []string{filepath.Join(home, name), filepath.Join(".", name)}
}

// scratch is a file in the working directory only, no list of places:
// the program's own choice of a relative path.
func scratch() string {
	return filepath.Join(".", ".shapes-scratch")
}

// Save writes the settings into the first place and the project's copy,
// and a scratch file.
func Save() {
	p := places()
	_ = os.WriteFile(p[0], nil, 0o644)
	_ = os.WriteFile(p[1], nil, 0o644)
	_ = os.WriteFile(scratch(), nil, 0o644)
}
