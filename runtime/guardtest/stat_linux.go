package guardtest

import (
	"io/fs"
	"os"

	"golang.org/x/sys/unix"
)

func entryOf(fi fs.FileInfo) entry {
	e := entry{mode: uint32(fi.Mode()), dir: fi.IsDir(), size: fi.Size(), mtime: fi.ModTime().UnixNano()}
	if st, ok := fi.Sys().(*unix.Stat_t); ok {
		e = entryOfStat(st)
	}
	return e
}

func entryOfStat(st *unix.Stat_t) entry {
	return entry{
		mode:  st.Mode,
		dir:   st.Mode&unix.S_IFMT == unix.S_IFDIR,
		size:  st.Size,
		mtime: st.Mtim.Nano(),
		ctime: st.Ctim.Nano(),
		ino:   st.Ino,
		uid:   st.Uid,
		gid:   st.Gid,
	}
}

// statAll lstats names relative to the open directory d with fstatat, which
// skips the path walk os.Lstat would repeat for every entry.
func statAll(d *os.File, names []string, fn func(name string, e entry)) {
	c, err := d.SyscallConn()
	if err != nil {
		return
	}
	c.Control(func(fd uintptr) {
		var st unix.Stat_t
		for _, n := range names {
			if unix.Fstatat(int(fd), n, &st, unix.AT_SYMLINK_NOFOLLOW) == nil {
				fn(n, entryOfStat(&st))
			}
		}
	})
}
