// Package afero is a stand-in for the file system abstraction of the same
// path: an interface with several implementations, one on disk and one in
// memory, and helpers that write through whichever the caller holds.
package afero

import (
	"io"
	"os"
)

// File is an open file of an Fs.
type File interface {
	io.WriteCloser
	Name() string
}

// Fs is a file system.
type Fs interface {
	OpenFile(name string, flag int, perm os.FileMode) (File, error)
	MkdirAll(path string, perm os.FileMode) error
	Remove(name string) error
}

// OsFs is the disk.
type OsFs struct{}

// NewOsFs returns the disk.
func NewOsFs() Fs { return &OsFs{} }

// OpenFile opens a file on disk.
func (OsFs) OpenFile(name string, flag int, perm os.FileMode) (File, error) {
	return os.OpenFile(name, flag, perm)
}

// MkdirAll makes a directory on disk.
func (OsFs) MkdirAll(path string, perm os.FileMode) error { return os.MkdirAll(path, perm) }

// Remove removes a file on disk.
func (OsFs) Remove(name string) error { return os.Remove(name) }

// MemMapFs keeps files in memory.
type MemMapFs struct{ files map[string][]byte }

// OpenFile opens a file in memory.
func (m *MemMapFs) OpenFile(name string, flag int, perm os.FileMode) (File, error) {
	return nil, os.ErrNotExist
}

// MkdirAll does nothing in memory.
func (m *MemMapFs) MkdirAll(path string, perm os.FileMode) error { return nil }

// Remove forgets a file.
func (m *MemMapFs) Remove(name string) error { delete(m.files, name); return nil }

// WriteFile writes data to filename on fs.
func WriteFile(fs Fs, filename string, data []byte, perm os.FileMode) error {
	f, err := fs.OpenFile(filename, os.O_WRONLY|os.O_CREATE|os.O_TRUNC, perm)
	if err != nil {
		return err
	}
	_, err = f.Write(data)
	if err1 := f.Close(); err == nil {
		err = err1
	}
	return err
}
