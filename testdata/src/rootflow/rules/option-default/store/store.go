// Package store keeps blobs in a directory an option names; New falls
// back on the user's cache directory ("~/.cache" where there is none),
// and a journal on "journal" relative to the working directory.
package store

import (
	"os"
	"path/filepath"
)

// Store keeps blobs below dir.
type Store struct {
	dir string
}

// Option changes how New sets up a store.
type Option func(*Store)

// Dir keeps the store below dir.
func Dir(dir string) Option {
	return func(s *Store) {
		s.dir = dir
	}
}

// New sets up the store of name.
func New(name string, opts ...Option) *Store {
	s := &Store{}
	for _, opt := range opts {
		opt(s)
	}
	if s.dir == "" {
		base, err := os.UserCacheDir()
		if err != nil {
			base = "~/.cache"
		}
		s.dir = filepath.Join(base, name)
	}
	return s
}

// Save keeps data under key.
func (s *Store) Save(key string, data []byte) error {
	return os.WriteFile(filepath.Join(s.dir, key), data, 0o600)
}

// Journal appends records below dir.
type Journal struct {
	dir string
}

// JournalOption changes how NewJournal sets up a journal.
type JournalOption func(*Journal)

// JournalDir keeps the journal below dir.
func JournalDir(dir string) JournalOption {
	return func(j *Journal) {
		j.dir = dir
	}
}

// NewJournal sets up a journal, below "journal" in the working directory
// unless an option names its directory.
func NewJournal(opts ...JournalOption) *Journal {
	j := &Journal{}
	for _, opt := range opts {
		opt(j)
	}
	if j.dir == "" {
		j.dir = "journal"
	}
	return j
}

// Append writes a record.
func (j *Journal) Append(data []byte) error {
	return os.WriteFile(filepath.Join(j.dir, "log"), data, 0o600)
}
