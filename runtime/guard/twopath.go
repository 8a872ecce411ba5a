package guard

import (
	"errors"
	"io/fs"
	"os"
	"strings"
	"syscall"
)

// Rename is os.Rename confined to the roots: both paths must lie in a root
// (moving a file in from outside removes it from a directory outside). Paths
// in different roots are renamed with renameat on directory handles opened
// through each root, keeping os.Root's guarantees.
func (g *Guard) Rename(oldpath, newpath string) error {
	return g.twoPath("Rename", oldpath, newpath, func(o, n place) error {
		if o.rel == "." || n.rel == "." {
			return escapeWrap(errRootItself)
		}
		if o.r == n.r {
			return o.o.r.Rename(o.rel, n.rel)
		}
		return crossRoot(o, n, renameat)
	})
}

// Link is os.Link confined to the roots: both paths must lie in a root. A
// hard link from a root to a file outside would let later writes through
// the root change that file, so oldname must be inside too.
func (g *Guard) Link(oldname, newname string) error {
	return g.twoPath("Link", oldname, newname, func(o, n place) error {
		if o.r == n.r {
			return o.o.r.Link(o.rel, n.rel)
		}
		return crossRoot(o, n, linkat)
	})
}

// twoPath is do for operations on two paths, neither of which is followed.
func (g *Guard) twoPath(op, oldname, newname string, fn func(o, n place) error) error {
	for _, name := range []string{oldname, newname} {
		if name == "" {
			return &os.LinkError{Op: opName(op), Old: oldname, New: newname, Err: syscall.ENOENT}
		}
	}
	oa, err := abs(oldname)
	if err != nil {
		return err
	}
	na, err := abs(newname)
	if err != nil {
		return err
	}
	g.note(op, oa, na)
	var first error
	o, ok1 := g.lexical(oa)
	n, ok2 := g.lexical(na)
	if ok1 && ok2 {
		if o.o, err = o.r.open(); err != nil {
			return g.refused(op, oldname, err)
		}
		if n.o, err = n.r.open(); err != nil {
			return g.refused(op, newname, err)
		}
		err = fn(o, n)
		if !isEscape(err) {
			return fixLink(err, oldname, newname)
		}
		first = err
	}
	o, oreal, ok1 := g.resolved(oa, false)
	if !ok1 {
		return g.violation(op, oldname, oreal, unwrapPath(first))
	}
	n, nreal, ok2 := g.resolved(na, false)
	if !ok2 {
		return g.violation(op, newname, nreal, unwrapPath(first))
	}
	err = fn(o, n)
	if isEscape(err) {
		return g.violation(op, oldname+" -> "+newname, "", unwrapPath(err))
	}
	return fixLink(err, oldname, newname)
}

// fixLink rewrites the root-relative paths in a LinkError into the caller's.
func fixLink(err error, oldname, newname string) error {
	var le *os.LinkError
	if errors.As(err, &le) {
		return &os.LinkError{Op: le.Op, Old: oldname, New: newname, Err: le.Err}
	}
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return &os.LinkError{Op: pe.Op, Old: oldname, New: newname, Err: pe.Err}
	}
	return err
}

// crossRoot opens the parent directories of o and n through their roots and
// applies op to the two final components, which op does not follow.
func crossRoot(o, n place, op func(olddir int, oldname string, newdir int, newname string) error) error {
	od, ob, err := parentDir(o)
	if err != nil {
		return err
	}
	defer od.Close()
	nd, nb, err := parentDir(n)
	if err != nil {
		return err
	}
	defer nd.Close()
	var opErr error
	err = withFd(od, func(ofd int) {
		err := withFd(nd, func(nfd int) { opErr = op(ofd, ob, nfd, nb) })
		if opErr == nil {
			opErr = err
		}
	})
	if opErr != nil {
		return &os.LinkError{Op: "crossroot", Old: o.rel, New: n.rel, Err: opErr}
	}
	return err
}

// parentDir opens the directory holding p through p's root and returns it
// with p's final component.
func parentDir(p place) (*os.File, string, error) {
	rel := strings.TrimRight(p.rel, "/")
	dir, base := ".", rel
	if i := strings.LastIndexByte(rel, '/'); i >= 0 {
		dir, base = rel[:i], rel[i+1:]
	}
	if base == "" || base == "." || base == ".." {
		return nil, "", &fs.PathError{Op: "crossroot", Path: p.rel, Err: syscall.EINVAL}
	}
	f, err := p.o.r.OpenFile(dir, os.O_RDONLY|oDirectory, 0)
	return f, base, err
}

// withFd runs fn with f's descriptor, keeping f alive for the duration.
func withFd(f *os.File, fn func(fd int)) error {
	c, err := f.SyscallConn()
	if err != nil {
		return err
	}
	return c.Control(func(fd uintptr) { fn(int(fd)) })
}
