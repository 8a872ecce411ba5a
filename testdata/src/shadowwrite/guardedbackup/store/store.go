// Package store saves a program's state through an interface; the
// object New makes also keeps a backup under the home directory, when
// the user is known, and writes it when the field is set. Its unexported
// types leave through interfaces: another package cannot follow their
// objects (under go vet or the standalone driver it does not even see
// the types), so their stores are checked here; File is exported and
// its objects are followed to the callers.
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
		s.backup = filepath.Join(u.HomeDir, ".x-state.bak") // want `field store.fileStore.backup is assigned the home directory from user.Current\(\).HomeDir, which even ignores \$HOME, and it is written \(os.WriteFile at store.go:39\)`
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

// Quiet returns a Saver that keeps no backup.
func Quiet(path string) Saver {
	return &fileStore{path: path} // ok: no backup field set
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
		f.backup = filepath.Join(u.HomeDir, ".x-state.bak")
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

type journal struct {
	path   string
	backup string
}

// Journal keeps a journal of the program's changes.
type Journal interface {
	Append(entry []byte) error
}

// NewJournal returns the Journal at path.
func NewJournal(path string) Journal {
	j := &journal{path: path}
	if u, err := user.Current(); err == nil {
		j.backup = filepath.Join(u.HomeDir, ".x-state.bak") // want `field store.journal.backup is assigned the home directory`
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
