//go:build unix

package cache

import (
	"io/fs"
	"syscall"
)

// inode returns the file's inode number, which changes when a file is
// replaced by a rename (as editors save) even within one clock tick.
func inode(fi fs.FileInfo) uint64 {
	if st, ok := fi.Sys().(*syscall.Stat_t); ok {
		return uint64(st.Ino)
	}
	return 0
}
