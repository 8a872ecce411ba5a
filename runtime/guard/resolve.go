package guard

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"syscall"
)

// A path is judged in two steps. The fast step matches it lexically against
// the declared roots and hands the rest, ".." and all, to os.Root, which
// walks it without ever leaving the root (it opens each component with
// O_NOFOLLOW and re-reads symlinks itself, so a directory swapped for a
// symlink mid-call cannot redirect it). os.Root refuses some paths that stay
// inside — an absolute symlink pointing back in, a root reached through a
// symlinked alias, a ".." that climbs from one root into another — so when
// the fast step finds no root or os.Root reports an escape, the slow step
// resolves the path the way the kernel would and, if the result lies in a
// root, retries there, again through os.Root. Only a path that still has no
// root, or that escapes again, is a violation. Either way the write itself
// only ever runs through an os.Root handle.

// place is a root and a path relative to it.
type place struct {
	r   *root
	o   *openRoot
	rel string
}

// lexical finds the innermost root whose declared or real path is a prefix
// of name (the real one matters for relative names: the working directory
// comes back from the kernel with symlinks resolved).
func (g *Guard) lexical(name string) (place, bool) {
	for _, r := range g.roots {
		if rel, ok := within(r.path, name); ok {
			return place{r: r, rel: rel}, true
		}
	}
	for _, r := range g.roots {
		if o := r.opened.Load(); o != nil && o.real != r.path {
			if rel, ok := within(o.real, name); ok {
				return place{r: r, rel: rel}, true
			}
		}
	}
	return place{}, false
}

// resolved finds the root holding the kernel's resolution of name.
// follow says whether a symlink in the last component is followed.
func (g *Guard) resolved(name string, follow bool) (place, string, bool) {
	real, err := resolve(name, follow)
	if err != nil {
		return place{}, "", false
	}
	for _, r := range g.roots {
		o, err := r.open()
		if err != nil {
			continue
		}
		if rel, ok := within(o.real, real); ok {
			return place{r: r, o: o, rel: rel}, real, true
		}
	}
	return place{}, real, false
}

// within reports whether p lies under dir (or is dir), lexically, and
// returns p relative to dir without cleaning it.
func within(dir, p string) (string, bool) {
	if dir != "/" {
		if !strings.HasPrefix(p, dir) {
			return "", false
		}
		p = p[len(dir):]
		if p != "" && p[0] != '/' {
			return "", false
		}
	} else if p == "" || p[0] != '/' {
		return "", false
	}
	p = strings.TrimLeft(p, "/")
	if p == "" {
		p = "."
	}
	return p, true
}

// maxLinks bounds symlink expansion in resolve, like the kernel's MAXSYMLINKS.
const maxLinks = 40

// resolve returns where the kernel's path walk would land for the absolute
// path name: symlinks expanded, ".." applied to the resolved prefix. A
// missing tail is appended as is (it would be created, not followed); a
// missing component followed by ".." cannot be resolved and is an error.
func resolve(name string, follow bool) (string, error) {
	parts := split(name)
	out := "/"
	links := 0
	for i := 0; i < len(parts); i++ {
		p := parts[i]
		if p == ".." {
			out = filepath.Dir(out)
			continue
		}
		next := filepath.Join(out, p)
		if i == len(parts)-1 && !follow {
			return next, nil
		}
		fi, err := os.Lstat(next)
		if errors.Is(err, fs.ErrNotExist) {
			rest := parts[i:]
			if slices.Contains(rest, "..") {
				return "", err
			}
			return filepath.Join(append([]string{out}, rest...)...), nil
		}
		if err != nil {
			return "", err
		}
		if fi.Mode()&fs.ModeSymlink == 0 {
			out = next
			continue
		}
		if links++; links > maxLinks {
			return "", &fs.PathError{Op: "resolve", Path: name, Err: syscall.ELOOP}
		}
		target, err := os.Readlink(next)
		if err != nil {
			return "", err
		}
		if filepath.IsAbs(target) {
			out = "/"
		}
		parts = append(split(target), parts[i+1:]...)
		i = -1
	}
	return out, nil
}

// split returns the components of p, dropping empty ones and ".".
func split(p string) []string {
	var parts []string
	for _, s := range strings.Split(p, "/") {
		if s != "" && s != "." {
			parts = append(parts, s)
		}
	}
	return parts
}

// escapeErr is os.Root's unexported "path escapes from parent" error,
// captured once by provoking it, so it is matched by identity.
var escapeErr = sync.OnceValue(func() error {
	r, err := os.OpenRoot("/")
	if err != nil {
		return nil
	}
	defer r.Close()
	_, err = r.Lstat("..")
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	return nil
})

// isEscape reports whether err is os.Root refusing a path that leaves it.
func isEscape(err error) bool {
	if err == nil {
		return false
	}
	if e := escapeErr(); e != nil {
		return errors.Is(err, e)
	}
	for ; err != nil; err = errors.Unwrap(err) {
		if err.Error() == "path escapes from parent" {
			return true
		}
	}
	return false
}

// do runs fn on the root and relative path that name falls in, falling back
// to the resolving slow step, and turns a path outside every root into a
// recorded violation. follow says whether fn follows a final symlink.
func (g *Guard) do(op, name string, follow bool, fn func(p place) error) error {
	if name == "" {
		return &fs.PathError{Op: opName(op), Path: name, Err: syscall.ENOENT}
	}
	a, err := abs(name)
	if err != nil {
		return &fs.PathError{Op: opName(op), Path: name, Err: err}
	}
	g.note(op, a)
	var first error
	if p, ok := g.lexical(a); ok {
		o, err := p.r.open()
		if err != nil {
			return g.refused(op, name, fixPath(err, name))
		}
		p.o = o
		err = fn(p)
		if !isEscape(err) {
			return fixPath(err, name)
		}
		first = err
	}
	p, real, ok := g.resolved(a, follow)
	if !ok {
		return g.violation(op, name, real, unwrapPath(first))
	}
	err = fn(p)
	if isEscape(err) {
		return g.violation(op, name, real, unwrapPath(err))
	}
	return fixPath(err, name)
}

// opName is the lowercase operation name os would report in a PathError.
func opName(op string) string { return strings.ToLower(op) }

// fixPath rewrites the path os.Root reported (relative to the root) into
// the caller's, so errors read as they would from os.
func fixPath(err error, name string) error {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return &fs.PathError{Op: pe.Op, Path: name, Err: pe.Err}
	}
	return err
}

// unwrapPath drops the PathError around os.Root's escape error: the
// ViolationError already carries the path.
func unwrapPath(err error) error {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	var le *os.LinkError
	if errors.As(err, &le) {
		return le.Err
	}
	return err
}
