// Package ownbase resolves one program's directories as go-gh does:
// the program's override, else its own name below an XDG base, else
// below the home directory.
package ownbase

import (
	"os"
	"path/filepath"
)

// CacheDir returns the program's cache directory.
func CacheDir() string {
	if v := os.Getenv("OWNBASE_CACHE_DIR"); v != "" {
		return v
	}
	if b := os.Getenv("XDG_CACHE_HOME"); b != "" {
		return filepath.Join(b, "ownbase")
	}
	home, _ := os.UserHomeDir()
	return filepath.Join(home, ".cache", "ownbase")
}

// StateDir returns the program's state directory.
func StateDir() string {
	if v := os.Getenv("OWNBASE_STATE_DIR"); v != "" {
		return v
	}
	if b := os.Getenv("XDG_STATE_HOME"); b != "" {
		return filepath.Join(b, "ownbase")
	}
	home, _ := os.UserHomeDir()
	return filepath.Join(home, ".local", "state", "ownbase")
}
