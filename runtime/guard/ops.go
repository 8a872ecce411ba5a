package guard

import (
	"errors"
	"io/fs"
	"math/rand/v2"
	"os"
	"strconv"
	"strings"
	"syscall"
	"time"
)

// writeFlags are the OpenFile flags that make an open a write.
const writeFlags = os.O_WRONLY | os.O_RDWR | os.O_CREATE | os.O_TRUNC | os.O_APPEND

// errRootItself explains why removing or renaming a root is refused: it
// changes the root's parent directory, which is outside the root.
var errRootItself = errors.New("removing or replacing a root itself changes its parent directory")

// WriteFile is os.WriteFile confined to the roots.
func (g *Guard) WriteFile(name string, data []byte, perm fs.FileMode) error {
	f, err := g.openFile("WriteFile", name, os.O_WRONLY|os.O_CREATE|os.O_TRUNC, perm)
	if err != nil {
		return err
	}
	_, err = f.Write(data)
	if err1 := f.Close(); err == nil {
		err = err1
	}
	return err
}

// Create is os.Create confined to the roots.
func (g *Guard) Create(name string) (*os.File, error) {
	return g.openFile("Create", name, os.O_RDWR|os.O_CREATE|os.O_TRUNC, 0o666)
}

// OpenFile is os.OpenFile confined to the roots when flag may write; a
// read-only open passes through to os.OpenFile.
func (g *Guard) OpenFile(name string, flag int, perm fs.FileMode) (*os.File, error) {
	if flag&writeFlags == 0 {
		return os.OpenFile(name, flag, perm)
	}
	return g.openFile("OpenFile", name, flag, perm)
}

func (g *Guard) openFile(op, name string, flag int, perm fs.FileMode) (*os.File, error) {
	var f *os.File
	follow := flag&(os.O_CREATE|os.O_EXCL) != os.O_CREATE|os.O_EXCL
	err := g.do(op, name, follow, func(p place) error {
		var err error
		f, err = p.o.r.OpenFile(p.rel, flag, perm)
		return err
	})
	if err != nil {
		return nil, err
	}
	return withName(f, name)
}

// withName gives f the name os.OpenFile would have given it (os.Root names
// files after the root). It costs a dup only when the names differ.
func withName(f *os.File, name string) (*os.File, error) {
	if f.Name() == name {
		return f, nil
	}
	fd, err := dupFile(f)
	if errors.Is(err, errors.ErrUnsupported) {
		return f, nil
	}
	f.Close()
	if err != nil {
		return nil, &fs.PathError{Op: "dup", Path: name, Err: err}
	}
	return os.NewFile(fd, name), nil
}

// Mkdir is os.Mkdir confined to the roots. Creating a declared root that
// does not exist yet is allowed.
func (g *Guard) Mkdir(name string, perm fs.FileMode) error {
	if r := g.declared(name); r != nil {
		if _, err := r.open(); errors.Is(err, fs.ErrNotExist) {
			return g.refused("Mkdir", name, r.mkdir(perm))
		}
	}
	return g.do("Mkdir", name, false, func(p place) error { return p.o.r.Mkdir(p.rel, perm) })
}

// MkdirAll is os.MkdirAll confined to the roots. It creates a missing root
// (and the root's missing parents) when name lies in it.
func (g *Guard) MkdirAll(path string, perm fs.FileMode) error {
	if p, ok := g.lexicalAbs(path); ok {
		if _, err := p.r.ensure(perm); err != nil {
			return g.refused("MkdirAll", path, err)
		}
	}
	return g.do("MkdirAll", path, true, func(p place) error { return p.o.r.MkdirAll(p.rel, perm) })
}

// declared returns the root whose declared path name is, if any.
func (g *Guard) declared(name string) *root {
	a, err := abs(name)
	if err != nil {
		return nil
	}
	a = strings.TrimRight(a, "/")
	for _, r := range g.roots {
		if r.path == a {
			return r
		}
	}
	return nil
}

func (g *Guard) lexicalAbs(name string) (place, bool) {
	if name == "" {
		return place{}, false
	}
	a, err := abs(name)
	if err != nil {
		return place{}, false
	}
	return g.lexical(a)
}

// MkdirTemp is os.MkdirTemp confined to the roots: the directory is created
// through the root that holds dir ("" means os.TempDir(), which must be
// allowed: see Config.Temp).
func (g *Guard) MkdirTemp(dir, pattern string) (string, error) {
	if dir == "" {
		dir = os.TempDir()
	}
	prefix, suffix, err := prefixAndSuffix(pattern)
	if err != nil {
		return "", &fs.PathError{Op: "mkdirtemp", Path: pattern, Err: err}
	}
	prefix = joinPath(dir, prefix)
	for try := 0; try < 10000; try++ {
		name := prefix + nextRandom() + suffix
		err := g.do("MkdirTemp", name, false, func(p place) error { return p.o.r.Mkdir(p.rel, 0o700) })
		if err == nil {
			return name, nil
		}
		if !errors.Is(err, fs.ErrExist) {
			return "", err
		}
	}
	return "", &fs.PathError{Op: "mkdirtemp", Path: prefix + "*" + suffix, Err: fs.ErrExist}
}

// CreateTemp is os.CreateTemp confined to the roots ("" means os.TempDir(),
// which must be allowed: see Config.Temp).
func (g *Guard) CreateTemp(dir, pattern string) (*os.File, error) {
	if dir == "" {
		dir = os.TempDir()
	}
	prefix, suffix, err := prefixAndSuffix(pattern)
	if err != nil {
		return nil, &fs.PathError{Op: "createtemp", Path: pattern, Err: err}
	}
	prefix = joinPath(dir, prefix)
	for try := 0; try < 10000; try++ {
		name := prefix + nextRandom() + suffix
		f, err := g.openFile("CreateTemp", name, os.O_RDWR|os.O_CREATE|os.O_EXCL, 0o600)
		if errors.Is(err, fs.ErrExist) {
			continue
		}
		return f, err
	}
	return nil, &fs.PathError{Op: "createtemp", Path: prefix + "*" + suffix, Err: fs.ErrExist}
}

func prefixAndSuffix(pattern string) (prefix, suffix string, err error) {
	if strings.ContainsRune(pattern, os.PathSeparator) {
		return "", "", errors.New("pattern contains path separator")
	}
	if pos := strings.LastIndexByte(pattern, '*'); pos != -1 {
		return pattern[:pos], pattern[pos+1:], nil
	}
	return pattern, "", nil
}

func joinPath(dir, name string) string {
	if len(dir) > 0 && os.IsPathSeparator(dir[len(dir)-1]) {
		return dir + name
	}
	return dir + string(os.PathSeparator) + name
}

func nextRandom() string { return strconv.FormatUint(uint64(rand.Uint32()), 10) }

// Remove is os.Remove confined to the roots; removing a root itself is a violation.
func (g *Guard) Remove(name string) error {
	return g.do("Remove", name, false, func(p place) error {
		if p.rel == "." {
			return escapeWrap(errRootItself)
		}
		return p.o.r.Remove(p.rel)
	})
}

// RemoveAll is os.RemoveAll confined to the roots; removing a root itself
// is a violation.
func (g *Guard) RemoveAll(path string) error {
	if path == "" {
		return nil // as os.RemoveAll
	}
	return g.do("RemoveAll", path, false, func(p place) error {
		if p.rel == "." {
			return escapeWrap(errRootItself)
		}
		return p.o.r.RemoveAll(p.rel)
	})
}

// Symlink is os.Symlink confined to the roots: newname must lie in a root.
// oldname is only text stored in the link; a link pointing out of the roots
// may be created, but no Guard write follows it out.
func (g *Guard) Symlink(oldname, newname string) error {
	return g.do("Symlink", newname, false, func(p place) error { return p.o.r.Symlink(oldname, p.rel) })
}

// Chmod is os.Chmod confined to the roots.
func (g *Guard) Chmod(name string, mode fs.FileMode) error {
	return g.do("Chmod", name, true, func(p place) error { return p.o.r.Chmod(p.rel, mode) })
}

// Chown is os.Chown confined to the roots.
func (g *Guard) Chown(name string, uid, gid int) error {
	return g.do("Chown", name, true, func(p place) error { return p.o.r.Chown(p.rel, uid, gid) })
}

// Lchown is os.Lchown confined to the roots.
func (g *Guard) Lchown(name string, uid, gid int) error {
	return g.do("Lchown", name, false, func(p place) error { return p.o.r.Lchown(p.rel, uid, gid) })
}

// Chtimes is os.Chtimes confined to the roots.
func (g *Guard) Chtimes(name string, atime, mtime time.Time) error {
	return g.do("Chtimes", name, true, func(p place) error { return p.o.r.Chtimes(p.rel, atime, mtime) })
}

// Truncate is os.Truncate confined to the roots: the file is opened through
// the root and truncated by descriptor.
func (g *Guard) Truncate(name string, size int64) error {
	return g.do("Truncate", name, true, func(p place) error {
		f, err := p.o.r.OpenFile(p.rel, os.O_WRONLY|syscall.O_NONBLOCK, 0)
		if err != nil {
			return err
		}
		err = f.Truncate(size)
		if err1 := f.Close(); err == nil {
			err = err1
		}
		return err
	})
}

// Open is os.Open: reads pass through.
func (g *Guard) Open(name string) (*os.File, error) { return os.Open(name) }

// ReadFile is os.ReadFile: reads pass through.
func (g *Guard) ReadFile(name string) ([]byte, error) { return os.ReadFile(name) }

// ReadDir is os.ReadDir: reads pass through.
func (g *Guard) ReadDir(name string) ([]os.DirEntry, error) { return os.ReadDir(name) }

// Stat is os.Stat: reads pass through.
func (g *Guard) Stat(name string) (fs.FileInfo, error) { return os.Stat(name) }

// Lstat is os.Lstat: reads pass through.
func (g *Guard) Lstat(name string) (fs.FileInfo, error) { return os.Lstat(name) }

// Readlink is os.Readlink: reads pass through.
func (g *Guard) Readlink(name string) (string, error) { return os.Readlink(name) }

// escapeWrap makes err count as an escape, so do records a violation.
func escapeWrap(err error) error {
	if e := escapeErr(); e != nil {
		return &joined{err, e}
	}
	return err
}

// joined is err, also matching the escape sentinel for errors.Is.
type joined struct{ err, sentinel error }

func (j *joined) Error() string   { return j.err.Error() }
func (j *joined) Unwrap() []error { return []error{j.err, j.sentinel} }
