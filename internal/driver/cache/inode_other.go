//go:build !unix

package cache

import "io/fs"

// inode is 0 where the platform has none: size and time decide alone.
func inode(fs.FileInfo) uint64 { return 0 }
