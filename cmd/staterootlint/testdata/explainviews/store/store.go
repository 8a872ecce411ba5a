// Package store saves state through an interface, a list of io.Closers
// and a method value; each object also keeps a backup under the home
// directory when the user is known, written only when the field is set.
package store

import (
	"os"
	"os/user"
	"path/filepath"
)

// Saver saves the program's state.
type Saver interface {
	Save(data []byte) error
}

type fileStore struct {
	path   string
	backup string
}

// New returns a Saver that keeps the state at path.
func New(path string) Saver {
	s := &fileStore{path: path}
	u, err := user.Current()
	if err == nil {
		s.backup = filepath.Join(u.HomeDir, ".x-state.bak")
	}
	return s
}

// Save writes the state, and its backup when there is one.
func (s *fileStore) Save(data []byte) error {
	if s.backup != "" {
		if err := os.WriteFile(s.backup, data, 0o600); err != nil {
			return err
		}
	}
	return os.WriteFile(s.path, data, 0o600)
}

// File is a state file flushed, with its backup, when it is closed.
type File struct {
	path   string
	backup string
	data   []byte
}

// NewFile returns the state file at path.
func NewFile(path string) *File {
	f := &File{path: path}
	if u, err := user.Current(); err == nil {
		f.backup = filepath.Join(u.HomeDir, ".x-file.bak")
	}
	return f
}

// Close flushes the file and its backup.
func (f *File) Close() error {
	if f.backup != "" {
		if err := os.WriteFile(f.backup, f.data, 0o600); err != nil {
			return err
		}
	}
	return os.WriteFile(f.path, f.data, 0o600)
}

// Journal keeps a journal of the program's changes.
type Journal interface {
	Append(entry []byte) error
}

type journal struct {
	path   string
	backup string
}

// NewJournal returns the Journal at path.
func NewJournal(path string) Journal {
	j := &journal{path: path}
	if u, err := user.Current(); err == nil {
		j.backup = filepath.Join(u.HomeDir, ".x-journal.bak")
	}
	return j
}

// Append writes the entry to the journal, and to its backup when there
// is one.
func (j *journal) Append(entry []byte) error {
	if j.backup != "" {
		if err := os.WriteFile(j.backup, entry, 0o600); err != nil {
			return err
		}
	}
	return os.WriteFile(j.path, entry, 0o600)
}
