// Package store declares a storage interface and its one implementation,
// in another package than their callers.
package store

import "os"

// Store saves data at a path its caller chooses.
type Store interface {
	Save(path string, data []byte) error
}

// Files is the file-system Store.
type Files struct{}

// Save writes the file.
func (Files) Save(path string, data []byte) error {
	return os.WriteFile(path, data, 0o600)
}
