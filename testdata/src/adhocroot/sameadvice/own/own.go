// Package own builds a directory on the home directory beside its
// program's authorities: adhocroot on the join and shadowwrite on the
// writes name the same one, of the global root (not RepoDir).
package own

import (
	"os"
	"path/filepath"

	"adhocroot/sameadvice/paths"
)

// Remember keeps the last task beside the roots.
func Remember(task string) error {
	home, err := os.UserHomeDir()
	if err != nil {
		return err
	}
	dir := filepath.Join(home, ".other")            // want `^filepath\.Join builds a state path on os\.UserHomeDir outside the authority package; derive it from this program's authority adhocroot/sameadvice/paths\.StateDir \(global root\)$`
	if err := os.MkdirAll(dir, 0o755); err != nil { // ok for adhocroot: shadowwrite's finding
		return err
	}
	return os.WriteFile(filepath.Join(dir, "last-task"), []byte(task), 0o644) // ok for adhocroot: shadowwrite's finding
}

// Save writes under the authority's root.
func Save(task string) error {
	return os.WriteFile(filepath.Join(paths.StateDir(), "task"), []byte(task), 0o644) // ok
}
