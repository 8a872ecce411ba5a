// Package store keeps the e2e fixture's data in an ad-hoc directory.
package store

import (
	"os"
	"path/filepath"
)

// Save writes data under a root built by hand from the home directory.
func Save(data []byte) error {
	home, err := os.UserHomeDir()
	if err != nil {
		return err
	}
	dir := filepath.Join(home, ".e2eapp")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	return os.WriteFile(filepath.Join(dir, "data.bin"), data, 0o644)
}
