// Package home finds the user's home directory and the program's data
// directory below it.
package home

import (
	"os"
	"path/filepath"
)

// Dir is the home directory: $FSTORE_HOMEDIR, else the user's.
func Dir() string {
	if h := os.Getenv("FSTORE_HOMEDIR"); h != "" {
		return h
	}
	h, _ := os.UserHomeDir()
	return h
}

// Data is the program's data directory: $XDG_DATA_HOME/fstore, else
// ~/.local/share/fstore.
func Data() string {
	if x := os.Getenv("XDG_DATA_HOME"); x != "" {
		return filepath.Join(x, "fstore")
	}
	return filepath.Join(Dir(), ".local", "share", "fstore")
}
