//go:build !linux

package guardtest

import "io/fs"

func entryOf(fi fs.FileInfo) entry {
	return entry{mode: fi.Mode(), size: fi.Size(), mtime: fi.ModTime().UnixNano()}
}
