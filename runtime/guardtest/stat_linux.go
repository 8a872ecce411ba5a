//go:build linux

package guardtest

import (
	"io/fs"
	"syscall"
)

func entryOf(fi fs.FileInfo) entry {
	e := entry{mode: fi.Mode(), size: fi.Size(), mtime: fi.ModTime().UnixNano()}
	if st, ok := fi.Sys().(*syscall.Stat_t); ok {
		e.ctime = int64(st.Ctim.Sec)*1e9 + int64(st.Ctim.Nsec)
		e.ino = uint64(st.Ino)
		e.uid, e.gid = st.Uid, st.Gid
	}
	return e
}
