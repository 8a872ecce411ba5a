// Package lib is a library in a module of its own: it keeps paths in a
// field shared by every object of its type, and writes one it is given.
package lib

import (
	"context"
	"os"
	"path/filepath"
	"time"
)

// Runner runs in Dir and writes its output there.
type Runner struct{ Dir string }

// Run writes the output under r.Dir.
func (r *Runner) Run(data []byte) error {
	return os.WriteFile(filepath.Join(r.Dir, "out.txt"), data, 0o600)
}

// Save writes data at path.
func Save(path string, data []byte) error { return os.WriteFile(path, data, 0o600) }

// TreeOptions says where GenTreeFromOpts renders the pages.
type TreeOptions struct {
	Path      string
	Separator string
}

// GenTree renders the pages of name into dir, through an options struct
// passed by value.
func GenTree(name, dir string) error {
	return GenTreeFromOpts(name, TreeOptions{Path: dir, Separator: "-"})
}

// GenTreeFromOpts renders the pages of name into opts.Path.
func GenTreeFromOpts(name string, opts TreeOptions) error {
	if name == "" {
		return GenTreeFromOpts("root", opts)
	}
	return os.WriteFile(filepath.Join(opts.Path, name+".1"), nil, 0o644)
}

// Page receives a man page's text; what it does with it is not known here.
type Page interface{ Text(s string) }

// Render writes the page's heading, a constant of this library: no path
// the program passes.
func Render(p Page) { p.Text("NAME") }

// Store saves files; which one the program installs is not known here.
type Store interface{ Put(path string) error }

// Keep hands the store the path it is given: a path the program passes.
func Keep(s Store, path string) error { return s.Put(path) }

// Lock is a lock file that keeps its path, as file-locking libraries do.
type Lock struct{ path string }

// NewLock returns a lock on the file at path.
func NewLock(path string) *Lock { return &Lock{path: path} }

// TryLock creates the lock file.
func (l *Lock) TryLock() (bool, error) {
	if err := l.create(); err != nil {
		return false, err
	}
	return true, nil
}

func (l *Lock) create() error {
	f, err := os.OpenFile(l.path, os.O_CREATE|os.O_RDWR, 0o600)
	if err != nil {
		return err
	}
	return f.Close()
}

var shared = NewLock(os.Getenv("LIB_LOCK"))

// Shared returns the lock every caller shares.
func Shared() *Lock { return shared }

// TryLockContext tries the lock until ctx is done, handing TryLock on
// as a method value.
func (l *Lock) TryLockContext(ctx context.Context, every time.Duration) (bool, error) {
	return retry(ctx, l.TryLock, every)
}

func retry(ctx context.Context, try func() (bool, error), every time.Duration) (bool, error) {
	for {
		if ok, err := try(); ok || err != nil {
			return ok, err
		}
		select {
		case <-ctx.Done():
			return false, ctx.Err()
		case <-time.After(every):
		}
	}
}

// Scratch keeps files in lib's own directory under the temporary one.
type Scratch struct{ dir string }

var scratch = &Scratch{dir: filepath.Join(os.TempDir(), "lib-scratch")}

// DefaultScratch returns the scratch space every caller shares.
func DefaultScratch() *Scratch { return scratch }

// Save writes data under the scratch directory.
func (s *Scratch) Save(name string, data []byte) error {
	return os.WriteFile(filepath.Join(s.dir, name), data, 0o600)
}
