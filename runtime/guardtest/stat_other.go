//go:build !linux

package guardtest

import (
	"io/fs"
	"os"
	"path/filepath"
)

func entryOf(fi fs.FileInfo) entry {
	return entry{mode: uint32(fi.Mode()), dir: fi.IsDir(), size: fi.Size(), mtime: fi.ModTime().UnixNano()}
}

func statAll(d *os.File, names []string, fn func(name string, e entry)) {
	for _, n := range names {
		if fi, err := os.Lstat(filepath.Join(d.Name(), n)); err == nil {
			fn(n, entryOf(fi))
		}
	}
}
