// Package store keeps entries as files in a store's directory.
package store

import (
	"os"
	"path/filepath"

	"example.com/initfieldstore/internal/clean"
)

// Store is a directory of entries.
type Store struct {
	path string
}

// New opens the store at path.
func New(path string) *Store { return &Store{path: clean.Path(path)} }

// Init creates the store's directory.
func (s *Store) Init() error { return os.MkdirAll(s.path, 0o700) }

// Set writes an entry.
func (s *Store) Set(name string, data []byte) error {
	return os.WriteFile(filepath.Join(s.path, name), data, 0o600)
}
