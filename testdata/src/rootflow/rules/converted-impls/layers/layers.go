// Package layers: a file-system interface with a plain implementation
// and a caching one whose Open copies what it reads into a layer below
// the working directory. The package converts both to FS (its
// constructors return them as one), and its exported ReadFile calls Open
// on the FS its caller passes: which implementation runs there is the
// caller's choice, which this package does not see.
package layers

import (
	"os"
	"path/filepath"
)

// FS opens files.
type FS interface {
	Open(name string) (*os.File, error)
}

type plainFS struct{}

func (plainFS) Open(name string) (*os.File, error) { return os.Open(name) }

// cachedFS copies every file it opens into its layer.
type cachedFS struct{ base FS }

func (c cachedFS) Open(name string) (*os.File, error) {
	f, err := c.base.Open(name)
	if err != nil {
		return nil, err
	}
	if err := os.MkdirAll(filepath.Dir(name), 0o755); err != nil {
		return nil, err
	}
	return f, nil
}

// NewPlain is the file system as it is.
func NewPlain() FS { return plainFS{} }

// NewCached copies what base opens into a layer.
func NewCached(base FS) FS { return cachedFS{base: base} }

// ReadFile reads name from fs.
func ReadFile(fs FS, name string) ([]byte, error) {
	f, err := fs.Open(name)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	var buf [512]byte
	n, err := f.Read(buf[:])
	return buf[:n], err
}
