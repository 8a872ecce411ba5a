// Package paths builds paths from the environment and the working
// directory, with helpers of several depths.
package paths

import (
	"os"
	"path/filepath"
)

// Base is set by init from the environment.
var Base string

func init() {
	Base = os.Getenv("CHAOS_BASE")
}

// Home returns a directory under the user's home.
func Home(name string) string {
	home, _ := os.UserHomeDir()
	return filepath.Join(home, "."+name)
}

// Under joins parts below Base.
func Under(parts ...string) string {
	return filepath.Join(append([]string{Base}, parts...)...)
}

// Pick returns one of two directories.
func Pick(local bool, name string) string {
	if local {
		return filepath.Join(".", name)
	}
	return Home(name)
}

// Namer makes names for files.
type Namer struct{ Dir string }

// Name returns a file name in the namer's directory.
func (n *Namer) Name(file string) string { return filepath.Join(n.Dir, file) }

// NewNamer returns a namer under the home directory.
func NewNamer() *Namer { return &Namer{Dir: Home("namer")} }
