package store // want package:`artifacts\(temp:store.lock\)`

// This fixture writes paths its callers supply, and one of its own.

import (
	"os"
	"path/filepath"
)

// Save writes data at path; the caller's root decides the artifact.
func Save(path string, data []byte) error {
	return os.WriteFile(path, data, 0o644)
}

// Lock takes a machine-wide lock under the temp directory.
func Lock() error {
	return os.WriteFile(filepath.Join(os.TempDir(), "store.lock"), nil, 0o600)
}
