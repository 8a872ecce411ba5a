package guardtest

import (
	"crypto/sha256"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// Shape is what a test's code may do to a project tree: the contract
// "px may create .px/ and px.lock at the top of your project, may edit
// go.mod, and changes nothing else" as a test assertion. Check records the
// tree before the test and compares it at cleanup.
//
// A path is a slash-separated path relative to the project root. A
// pattern matches one path segment per segment with [path.Match] ("*.lock"),
// and "**" matches any number of segments, none included (".px/**" is .px
// and everything under it).
type Shape struct {
	// TopLevel lists the top-level entries the program may create,
	// as patterns of one segment (".px", "px.lock", "dist"). Everything
	// inside a top-level entry the test created is the program's own.
	// Top-level entries that existed before the test are allowed anyway;
	// whether they may change is up to Writable.
	TopLevel []string

	// Writable lists the paths that existed before the test and may be
	// changed, replaced or removed, and the paths under existing
	// directories that may be created: the state directory (".px/**"), a
	// lock file the program rewrites ("px.lock"), a shared file it edits
	// ("go.mod"). Every other path that existed before must be there
	// after the test, of the same type, with the same bytes (a file), the
	// same target (a symlink) and the same permission bits.
	Writable []string

	// ReadOnly asserts that nothing changed at all: no path created,
	// removed or modified, not even rewritten with the same bytes (the
	// modification times are compared too), including inside the state
	// directory. It cannot be combined with TopLevel or Writable.
	ReadOnly bool
}

// ReadOnly fails t at cleanup if anything under project changed during
// the test, for commands such as status that must not write. It is
// Shape{ReadOnly: true}.Check(t, project).
func ReadOnly(t testing.TB, project string) {
	t.Helper()
	Shape{ReadOnly: true}.Check(t, project)
}

// Check records the tree under project now and, at cleanup, fails t once,
// listing every change the shape does not allow, one per line with what
// happened and where:
//
//	guardtest: the project /tmp/x/proj changed outside its shape (top level: .px px.lock; writable: .px/** px.lock); 3 unexpected changes:
//		created  notes.txt: not an allowed top-level entry
//		modified go.mod: content
//		removed  README.md
//
// Check works beside [Enforce] (which proves writes stay under the state
// roots, and catches those that bypass the guard in $HOME and the working
// directory) and checks the other half of a contract: what may happen to
// the user's project around the state directory. The tree is walked
// completely, symlinks not followed, up to [DefaultMaxEntries] entries; a
// larger tree fails the test, since a partial comparison would pass
// changes silently.
func (s Shape) Check(t testing.TB, project string) {
	t.Helper()
	if s.ReadOnly && (len(s.TopLevel) > 0 || len(s.Writable) > 0) {
		t.Fatalf("guardtest: Shape.ReadOnly asserts that nothing changes, so it cannot be combined with TopLevel or Writable; use one or the other")
		return
	}
	for _, p := range s.TopLevel {
		if p == "" || strings.Contains(p, "/") || p == "**" {
			t.Fatalf("guardtest: Shape.TopLevel entry %q: want one path segment, such as \".px\" or \"*.lock\"", p)
			return
		}
	}
	for _, p := range append(slices.Clone(s.TopLevel), s.Writable...) {
		if _, err := path.Match(p, ""); err != nil || p == "" || path.IsAbs(p) || strings.HasPrefix(path.Clean(p), "..") {
			t.Fatalf("guardtest: Shape pattern %q: want a relative slash-separated pattern such as \".px/**\"", p)
			return
		}
	}
	dir, err := filepath.Abs(project)
	if err != nil {
		t.Fatalf("guardtest: shape of %s: %v", project, err)
		return
	}
	before, err := record(dir)
	if err != nil {
		t.Fatalf("guardtest: shape of %s: %v", dir, err)
		return
	}
	t.Cleanup(func() {
		t.Helper()
		after, err := record(dir)
		if err != nil {
			t.Errorf("guardtest: shape of %s: %v", dir, err)
			return
		}
		if changes := s.compare(before, after); len(changes) > 0 {
			t.Errorf("%s", s.describe(dir, changes))
		}
	})
}

// node is what Check records of one path.
type node struct {
	kind   fs.FileMode // the type bits: 0 for a file, fs.ModeDir, fs.ModeSymlink, ...
	perm   fs.FileMode
	sum    [sha256.Size]byte // a file's content
	target string            // a symlink's
	mtime  int64
}

// record walks dir and returns every path under it, by slash path
// relative to dir ("" is dir itself).
func record(dir string) (map[string]node, error) {
	tree := map[string]node{}
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if len(tree) >= DefaultMaxEntries {
			return fmt.Errorf("the tree holds more than %d entries; check a smaller project tree", DefaultMaxEntries)
		}
		fi, err := d.Info()
		if err != nil {
			return err
		}
		n := node{kind: fi.Mode().Type(), perm: fi.Mode().Perm(), mtime: fi.ModTime().UnixNano()}
		switch {
		case fi.Mode().IsRegular():
			if n.sum, err = hashFile(p); err != nil {
				return err
			}
		case n.kind == fs.ModeSymlink:
			if n.target, err = os.Readlink(p); err != nil {
				return err
			}
		}
		rel, err := filepath.Rel(dir, p)
		if err != nil {
			return err
		}
		if rel == "." {
			rel = ""
		}
		tree[filepath.ToSlash(rel)] = n
		return nil
	})
	return tree, err
}

func hashFile(p string) ([sha256.Size]byte, error) {
	var sum [sha256.Size]byte
	f, err := os.Open(p)
	if err != nil {
		return sum, err
	}
	defer f.Close()
	h := sha256.New()
	if _, err := io.Copy(h, f); err != nil {
		return sum, err
	}
	copy(sum[:], h.Sum(nil))
	return sum, nil
}

// shapeChange is one change the shape does not allow.
type shapeChange struct {
	path, what, detail string
}

// compare lists the changes from before to after the shape does not allow,
// sorted by path.
func (s Shape) compare(before, after map[string]node) []shapeChange {
	var out []shapeChange
	for p, a := range after {
		b, existed := before[p]
		switch {
		case !existed:
			if why := s.creation(p, before); why != "" {
				out = append(out, shapeChange{p, "created", why})
			}
		case s.writable(p):
		default:
			if what := difference(b, a, s.ReadOnly); what != "" {
				out = append(out, shapeChange{p, "modified", what})
			}
		}
	}
	for p := range before {
		if _, ok := after[p]; !ok && !s.writable(p) {
			out = append(out, shapeChange{p, "removed", ""})
		}
	}
	slices.SortFunc(out, func(x, y shapeChange) int { return strings.Compare(x.path, y.path) })
	return out
}

// creation says why creating p is not allowed, or "".
func (s Shape) creation(p string, before map[string]node) string {
	if s.ReadOnly {
		return ""
	}
	top, _, nested := strings.Cut(p, "/")
	if _, existed := before[top]; nested && !existed {
		return "" // inside a top-level entry the test created: judged there
	}
	if s.writable(p) {
		return ""
	}
	if !nested {
		if slices.ContainsFunc(s.TopLevel, func(g string) bool { ok, _ := path.Match(g, p); return ok }) {
			return ""
		}
		return "not an allowed top-level entry"
	}
	return "inside " + path.Dir(p) + ", which existed before the test, and not writable"
}

func (s Shape) writable(p string) bool {
	if s.ReadOnly {
		return false
	}
	segs := strings.Split(p, "/")
	return slices.ContainsFunc(s.Writable, func(g string) bool { return matchSegments(strings.Split(path.Clean(g), "/"), segs) })
}

// matchSegments matches path segments against pattern segments, "**"
// standing for any number of segments.
func matchSegments(glob, segs []string) bool {
	if len(glob) == 0 {
		return len(segs) == 0
	}
	if glob[0] == "**" {
		for i := 0; i <= len(segs); i++ {
			if matchSegments(glob[1:], segs[i:]) {
				return true
			}
		}
		return false
	}
	if len(segs) == 0 {
		return false
	}
	ok, _ := path.Match(glob[0], segs[0])
	return ok && matchSegments(glob[1:], segs[1:])
}

// difference describes how b became a, or "" when it did not change.
// Modification times count only in read-only mode: elsewhere a directory
// gaining an allowed entry, or a file rewritten with its own bytes, is not
// a change of shape.
func difference(b, a node, readOnly bool) string {
	var what []string
	switch {
	case b.kind != a.kind:
		return fmt.Sprintf("was a %s, is a %s", kindName(b.kind), kindName(a.kind))
	case b.sum != a.sum:
		what = append(what, "content")
	case b.target != a.target:
		what = append(what, fmt.Sprintf("symlink target %s → %s", b.target, a.target))
	}
	if b.perm != a.perm {
		what = append(what, fmt.Sprintf("mode %v → %v", b.perm, a.perm))
	}
	if readOnly && b.mtime != a.mtime && len(what) == 0 {
		if b.kind == fs.ModeDir {
			what = append(what, "entries created or removed inside")
		} else {
			what = append(what, "rewritten (modification time)")
		}
	}
	return strings.Join(what, ", ")
}

func kindName(k fs.FileMode) string {
	switch k {
	case 0:
		return "file"
	case fs.ModeDir:
		return "directory"
	case fs.ModeSymlink:
		return "symlink"
	}
	return "special file"
}

// describe renders the failure: the project, the shape, and one line per
// change.
func (s Shape) describe(dir string, changes []shapeChange) string {
	var b strings.Builder
	if s.ReadOnly {
		fmt.Fprintf(&b, "guardtest: the project %s changed during a read-only test; %d %s:", dir, len(changes), plural(len(changes), "change"))
	} else {
		fmt.Fprintf(&b, "guardtest: the project %s changed outside its shape (top level: %s; writable: %s); %d unexpected %s:",
			dir, list(s.TopLevel), list(s.Writable), len(changes), plural(len(changes), "change"))
	}
	for _, c := range changes {
		p := c.path
		if p == "" {
			p = "."
		}
		fmt.Fprintf(&b, "\n\t%-8s %s", c.what, p)
		if c.detail != "" {
			b.WriteString(": " + c.detail)
		}
	}
	return b.String()
}

func list(ps []string) string {
	if len(ps) == 0 {
		return "none"
	}
	return strings.Join(ps, " ")
}

func plural(n int, word string) string {
	if n == 1 {
		return word
	}
	return word + "s"
}
