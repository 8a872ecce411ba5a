// Package store keeps the program's store under a directory of its own,
// which its own variable overrides, else under the home directory, which
// another variable overrides.
package store

import (
	"os"
	"path/filepath"
)

// HomeDir is the home directory, which $SHAPES_HOMEDIR overrides: the
// home itself, not a directory of the program's own (the decoy).
func HomeDir() string {
	if h := os.Getenv("SHAPES_HOMEDIR"); h != "" {
		return h
	}
	h, _ := os.UserHomeDir()
	return h
}

// Dir is the store: $SHAPES_STORE_DIR, else .shapes-store under HomeDir.
func Dir() string {
	if d := os.Getenv("SHAPES_STORE_DIR"); d != "" {
		return d
	}
	return filepath.Join(HomeDir(), ".shapes-store")
}

// Save writes two entries of the store, and two files of its own right
// under the home directory: ad hoc roots.
func Save() {
	_ = os.WriteFile(filepath.Join(Dir(), "a"), nil, 0o644)
	_ = os.WriteFile(filepath.Join(Dir(), "b"), nil, 0o644)
	_ = os.WriteFile(filepath.Join(HomeDir(), ".shapesrc"), nil, 0o644)
	_ = os.WriteFile(filepath.Join(HomeDir(), ".shapes-history"), nil, 0o644)
}
