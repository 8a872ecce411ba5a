// Package home finds the user's home directory, expands paths onto it,
// and has the program's path type.
package home

import (
	"os"
	"path/filepath"
	"strings"
)

// UserHomeDir returns the user's home directory.
func UserHomeDir() (string, error) { return os.UserHomeDir() }

// Expand returns p with a leading ~/ replaced by home.
func Expand(p, home string) string {
	if rest, ok := strings.CutPrefix(p, "~/"); ok {
		return filepath.Join(home, rest)
	}
	return p
}

// AbsPath is an absolute path, a flag's value.
type AbsPath string

// Set sets the path to the flag's value.
func (p *AbsPath) Set(s string) error {
	*p = AbsPath(s)
	return nil
}

// String returns the path.
func (p *AbsPath) String() string { return string(*p) }

// JoinString returns the path with elems joined below it.
func (p AbsPath) JoinString(elems ...string) AbsPath {
	return AbsPath(filepath.Join(append([]string{string(p)}, elems...)...))
}
