// Package store writes what it is given through a chain of helpers.
package store

import (
	"os"
	"path/filepath"
)

// Save writes data at path.
func Save(path string, data []byte) error { return save1(path, data) }

func save1(path string, data []byte) error { return save2(path, data) }

func save2(path string, data []byte) error { return save3(filepath.Clean(path), data) }

func save3(path string, data []byte) error { return save4(path, data) }

func save4(path string, data []byte) error { return save5(path, data) }

func save5(path string, data []byte) error {
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return err
	}
	return os.WriteFile(path, data, 0o644)
}

// Store keeps its directory in a field.
type Store struct{ dir string }

// New returns a store in dir.
func New(dir string) *Store { return &Store{dir: dir} }

// Put writes a file in the store's directory.
func (s *Store) Put(name string, data []byte) error {
	return Save(filepath.Join(s.dir, name), data)
}

// Writer returns a function that writes below dir.
func Writer(dir string) func(string) error {
	return func(name string) error { return Save(filepath.Join(dir, name), nil) }
}
