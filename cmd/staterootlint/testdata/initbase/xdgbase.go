// Package xdgbase is a dependency that resolves the XDG data directory;
// the program wraps it, adding an element.
package xdgbase

import (
	"os"
	"path/filepath"
)

// DataHome is $XDG_DATA_HOME, else ~/.local/share.
func DataHome() string {
	if x := os.Getenv("XDG_DATA_HOME"); x != "" {
		return x
	}
	home, _ := os.UserHomeDir()
	return filepath.Join(home, ".local", "share")
}
