// Package lock serialises px runs in one repository.
package lock

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"strconv"
)

// ErrHeld reports that another px run holds the lock.
var ErrHeld = errors.New("another px run holds the repository lock")

// Lock is a held repository lock.
type Lock struct {
	path string
}

// Acquire creates the lock file at path, holding this process's id. It
// fails with ErrHeld when the file exists already.
func Acquire(path string) (*Lock, error) {
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o644)
	if errors.Is(err, fs.ErrExist) {
		return nil, fmt.Errorf("acquire %s: %w", path, ErrHeld)
	}
	if err != nil {
		return nil, fmt.Errorf("acquire lock: %w", err)
	}
	_, werr := f.WriteString(strconv.Itoa(os.Getpid()) + "\n")
	if cerr := f.Close(); werr == nil {
		werr = cerr
	}
	if werr != nil {
		os.Remove(path)
		return nil, fmt.Errorf("write lock: %w", werr)
	}
	return &Lock{path: path}, nil
}

// Holder returns the process id recorded in the lock file at path, or 0
// when nobody holds the lock.
func Holder(path string) (int, error) {
	b, err := os.ReadFile(path)
	if errors.Is(err, fs.ErrNotExist) {
		return 0, nil
	}
	if err != nil {
		return 0, fmt.Errorf("read lock: %w", err)
	}
	pid, err := strconv.Atoi(string(trimNewline(b)))
	if err != nil {
		return 0, fmt.Errorf("read lock %s: bad content %q", path, b)
	}
	return pid, nil
}

// Release removes the lock file.
func (l *Lock) Release() error {
	if err := os.Remove(l.path); err != nil {
		return fmt.Errorf("release lock: %w", err)
	}
	return nil
}

func trimNewline(b []byte) []byte {
	for len(b) > 0 && (b[len(b)-1] == '\n' || b[len(b)-1] == '\r') {
		b = b[:len(b)-1]
	}
	return b
}
