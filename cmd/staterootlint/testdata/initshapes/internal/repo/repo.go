// Package repo keeps state under the repository the program runs in: a
// store whose directory is $SHAPES_REPO_DIR or .shapes/state, and a
// directory inside the git directory.
package repo

import (
	"os"
	"path/filepath"
)

// Store keeps the program's per-repository state.
type Store struct{ dir string }

// Open resolves the store's directory.
func Open() *Store {
	d := os.Getenv("SHAPES_REPO_DIR")
	if d == "" {
		d = filepath.Join(".shapes", "state")
	}
	return &Store{dir: d}
}

// Dir is the store's directory.
func (s *Store) Dir() string { return s.dir }

// HooksDir is the program's directory inside the git directory.
func HooksDir() string { return filepath.Join(".git", "shapes-hooks") }

// BuildDir is a directory relative to the working directory that is not
// a dot-directory: an ad hoc root (the decoy).
func BuildDir() string { return filepath.Join("build", "shapes") }

// Save writes under each, twice.
func Save() {
	s := Open()
	_ = os.WriteFile(filepath.Join(s.Dir(), "index"), nil, 0o644)
	_ = os.WriteFile(filepath.Join(s.Dir(), "lock"), nil, 0o644)
	_ = os.WriteFile(filepath.Join(HooksDir(), "pre-commit"), nil, 0o644)
	_ = os.WriteFile(filepath.Join(HooksDir(), "post-commit"), nil, 0o644)
	_ = os.WriteFile(filepath.Join(BuildDir(), "a"), nil, 0o644)
	_ = os.WriteFile(filepath.Join(BuildDir(), "b"), nil, 0o644)
}
