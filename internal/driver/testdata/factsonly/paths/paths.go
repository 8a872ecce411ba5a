// Package paths is a dependency with a fact of every kind: an env
// helper, a path built on the home directory, an authority, a
// constructor keeping a path in a field, package variables stored in its
// init, a write reached through a parameter and a method value that
// leaves the package.
package paths

import (
	"os"
	"path/filepath"
)

// Home is filled in init: a cell another package reads.
var Home = envOr("FACTSONLY_HOME", "")

// Cache is the cache below the temporary directory.
var Cache = filepath.Join(os.TempDir(), "factsonly")

// EnvOr is an env helper of the package's own.
func EnvOr(name, def string) string { return envOr(name, def) }

func envOr(name, def string) string {
	if v := os.Getenv(name); v != "" {
		return v
	}
	return def
}

// ConfigDir builds a root on the home directory, outside the authority.
func ConfigDir() string {
	home, _ := os.UserHomeDir()
	return filepath.Join(home, ".factsonly")
}

// StateRoot is the authority.
//
//staterootlint:authority global
func StateRoot() string { return filepath.Join(EnvOr("FACTSONLY_STATE", "/var/lib"), "factsonly") }

// Store keeps the directory it writes into.
type Store struct{ dir string }

// NewStore makes a store writing below dir.
func NewStore(dir string) *Store { return &Store{dir: dir} }

// Save writes the store's file.
func (s *Store) Save(b []byte) error {
	return os.WriteFile(filepath.Join(s.dir, "store.json"), b, 0o644)
}

// Saver returns a func value of an unexported method: callable elsewhere.
func (s *Store) Saver() func([]byte) error { return s.save }

func (s *Store) save(b []byte) error { return s.Save(b) }

// Write writes path.
func Write(path string) error { return os.WriteFile(path, nil, 0o644) }
