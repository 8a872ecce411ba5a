package stateroots

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"syscall"
)

// Join joins elem onto root like [filepath.Join], but refuses any result
// that could leave root. root must be a non-empty absolute path. Each
// element must be non-empty, relative and free of NUL bytes; an element may
// hold several components ("runs/42/out.txt") and may use "..", as long as
// the joined elements stay local in the sense of [filepath.IsLocal]: they
// never climb above root. With no elements, Join returns root cleaned.
//
// Join is lexical: it does not look at the filesystem, so a symlink inside
// root can still point elsewhere; use [WithinResolved] (or os.Root) where
// that matters. Every error is a [*JoinError] naming root and the offending
// element.
func Join(root string, elem ...string) (string, error) {
	switch {
	case root == "":
		return "", &JoinError{Root: root, Elem: root, Reason: "the root is empty; pass an absolute state root"}
	case containsNUL(root):
		return "", &JoinError{Root: root, Elem: root, Reason: "the root contains a NUL byte"}
	case !filepath.IsAbs(root):
		return "", &JoinError{Root: root, Elem: root, Reason: "the root is not an absolute path; pass an absolute state root"}
	}
	rel := ""
	for _, e := range elem {
		switch {
		case e == "":
			return "", &JoinError{Root: root, Elem: e, Reason: "empty path element"}
		case containsNUL(e):
			return "", &JoinError{Root: root, Elem: e, Reason: "path element contains a NUL byte"}
		case filepath.IsAbs(e) || filepath.VolumeName(e) != "" || strings.HasPrefix(e, string(filepath.Separator)):
			return "", &JoinError{Root: root, Elem: e, Reason: "absolute path element; pass a path relative to the root"}
		}
		rel = filepath.Join(rel, e)
		// Once the accumulated path climbs out, no later element can bring
		// it back lexically, so the first element that fails is the culprit.
		if !filepath.IsLocal(rel) {
			return "", &JoinError{Root: root, Elem: e, Reason: "path leaves the root; remove the \"..\" that climbs out of it"}
		}
	}
	return filepath.Join(root, rel), nil
}

// Within reports whether path is root or lies under it, comparing the
// cleaned paths lexically; it does not look at the filesystem, so symlinks
// are not followed (see [WithinResolved]). Both paths should be absolute;
// two relative paths are compared as given, and a relative path is never
// within an absolute root or vice versa. An empty root or path is never
// within anything.
func Within(root, path string) bool {
	if root == "" || path == "" {
		return false
	}
	rel, err := filepath.Rel(filepath.Clean(root), filepath.Clean(path))
	if err != nil {
		return false
	}
	return rel == "." || (rel != ".." && !strings.HasPrefix(rel, ".."+string(filepath.Separator)) && !filepath.IsAbs(rel))
}

// WithinResolved reports whether path, after resolving symlinks, is root
// (also resolved) or lies under it. Relative paths are taken relative to
// the working directory. Existing paths are resolved with
// [filepath.EvalSymlinks]; for a path that does not exist yet, its longest
// existing part is resolved and the rest appended, so a file that is about
// to be created is judged by where it would land. A dangling symlink is
// followed to where its target would be created, because writing through it
// creates the target there.
func WithinResolved(root, path string) (bool, error) {
	if root == "" || path == "" {
		return false, nil
	}
	r, err := resolve(root)
	if err != nil {
		return false, fmt.Errorf("resolve root: %w", err)
	}
	p, err := resolve(path)
	if err != nil {
		return false, fmt.Errorf("resolve path: %w", err)
	}
	return Within(r, p), nil
}

// maxLinks bounds symlink hops during resolution, as the kernel's ELOOP does.
const maxLinks = 255

// resolve returns the absolute physical location of p. It walks p one
// component at a time rather than cleaning it first, because "link/.."
// lexically cancels but physically goes to the parent of link's target.
func resolve(p string) (string, error) {
	if r, err := filepath.EvalSymlinks(p); err == nil {
		return filepath.Abs(r)
	}
	if !filepath.IsAbs(p) {
		wd, err := os.Getwd()
		if err != nil {
			return "", fmt.Errorf("get working directory: %w", err)
		}
		p = wd + string(filepath.Separator) + p
	}
	vol := filepath.VolumeName(p)
	resolved := vol + string(filepath.Separator)
	todo := components(p[len(vol):])
	links := 0
	for len(todo) > 0 {
		c := todo[0]
		todo = todo[1:]
		switch c {
		case ".":
			continue
		case "..":
			// resolved is symlink-free, so its lexical parent is its
			// physical parent.
			resolved = filepath.Dir(resolved)
			continue
		}
		next := filepath.Join(resolved, c)
		fi, err := os.Lstat(next)
		if err != nil {
			if errors.Is(err, fs.ErrNotExist) || errors.Is(err, syscall.ENOTDIR) {
				// Not there yet: it will be created as a plain directory or
				// file, so the rest is lexical from here unless ".." climbs
				// back into existing territory.
				resolved = next
				continue
			}
			return "", err
		}
		if fi.Mode()&fs.ModeSymlink == 0 {
			resolved = next
			continue
		}
		if links++; links > maxLinks {
			return "", &fs.PathError{Op: "resolve", Path: p, Err: errors.New("too many levels of symbolic links")}
		}
		target, err := os.Readlink(next)
		if err != nil {
			return "", err
		}
		if filepath.IsAbs(target) {
			tv := filepath.VolumeName(target)
			resolved = tv + string(filepath.Separator)
			target = target[len(tv):]
		}
		todo = append(components(target), todo...)
	}
	return resolved, nil
}

// components splits p at separators, dropping empty components.
func components(p string) []string {
	return strings.FieldsFunc(p, func(r rune) bool { return r < 0x80 && os.IsPathSeparator(uint8(r)) })
}
