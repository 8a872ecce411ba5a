// Package paths wraps the dependency's resolver, adding an element.
package paths

import (
	"path/filepath"

	"example.com/xdgbase"
)

// DataDir is the program's data directory under the XDG data home.
func DataDir() string { return filepath.Join(xdgbase.DataHome(), "shapes") }
