// Package bare builds a directory on the home directory and writes into
// it, in a program with no authority of its own (before init): adhocroot
// on the join and shadowwrite on the writes advise the same library
// function, the one of the global root.
package bare

import (
	"os"
	"path/filepath"
)

// Remember keeps the last task beside the roots.
func Remember(task string) error {
	home, err := os.UserHomeDir()
	if err != nil {
		return err
	}
	dir := filepath.Join(home, ".other")            // want `^filepath\.Join builds a state path on os\.UserHomeDir outside the authority package; derive it from a state-root authority such as stateroots\.GlobalStateRoot$`
	if err := os.MkdirAll(dir, 0o755); err != nil { // ok for adhocroot: shadowwrite's finding
		return err
	}
	return os.WriteFile(filepath.Join(dir, "last-task"), []byte(task), 0o644) // ok for adhocroot: shadowwrite's finding
}

// Scratch is no state: the temporary directory is allowed.
func Scratch() (string, error) {
	return os.MkdirTemp("", "bare-*") // ok
}
