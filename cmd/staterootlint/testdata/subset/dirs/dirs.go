// Package dirs resolves the program's state directory.
package dirs

import (
	"os"
	"path/filepath"
)

// StateDir is $SUBSET_HOME, else ~/.subset.
func StateDir() string {
	if d := os.Getenv("SUBSET_HOME"); d != "" {
		return d
	}
	home, _ := os.UserHomeDir()
	return filepath.Join(home, ".subset")
}

// legacyDir is unexported: only a check from source sees it.
func legacyDir() string { return filepath.Join(StateDir(), "old") }

// Save writes the state file.
func Save(b []byte) error {
	_ = legacyDir()
	return os.WriteFile(filepath.Join(StateDir(), "state.json"), b, 0o644)
}
