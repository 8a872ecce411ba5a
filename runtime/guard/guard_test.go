package guard_test

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/staterootlint/staterootlint/runtime/guard"
)

// layout is a scratch tree: root is the allowed root, out a sibling outside it.
type layout struct {
	base, root, out string
}

func newLayout(t testing.TB) layout {
	t.Helper()
	base, err := filepath.EvalSymlinks(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	l := layout{base: base, root: filepath.Join(base, "root"), out: filepath.Join(base, "out")}
	for _, d := range []string{l.root, l.out, filepath.Join(l.root, "sub")} {
		if err := os.Mkdir(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.WriteFile(filepath.Join(l.out, "secret"), []byte("keep"), 0o644); err != nil {
		t.Fatal(err)
	}
	return l
}

func mustGuard(t testing.TB, roots ...string) *guard.Guard {
	t.Helper()
	g, err := guard.New(roots...)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { g.Close() })
	return g
}

// tree lists every entry under dir with its type, size, mode and content.
func tree(t testing.TB, dir string) map[string]string {
	t.Helper()
	m := map[string]string{}
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		fi, err := d.Info()
		if err != nil {
			return err
		}
		v := fmt.Sprintf("%v %d", fi.Mode(), fi.Size())
		switch {
		case fi.Mode().IsRegular():
			b, _ := os.ReadFile(p)
			v += " " + string(b)
		case fi.Mode()&fs.ModeSymlink != 0:
			l, _ := os.Readlink(p)
			v += " -> " + l
		}
		m[p] = v
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return m
}

func wantViolation(t *testing.T, g *guard.Guard, err error, op string) {
	t.Helper()
	var v *guard.ViolationError
	if !errors.As(err, &v) {
		t.Fatalf("%s: got error %v, want a *guard.ViolationError", op, err)
	}
	if !errors.Is(err, fs.ErrPermission) {
		t.Errorf("%s: errors.Is(err, fs.ErrPermission) = false for %v", op, err)
	}
	if v.Op != op {
		t.Errorf("violation op = %q, want %q", v.Op, op)
	}
	if len(v.Roots) == 0 {
		t.Errorf("violation lists no roots: %v", v)
	}
	if !slices.Contains(g.Violations(), v) {
		t.Errorf("violation %v was not recorded", v)
	}
}

func TestEscapes(t *testing.T) {
	cases := []struct {
		name  string
		setup func(t *testing.T, l layout)
		write func(g *guard.Guard, l layout) error
		op    string
	}{
		{"dotdot", nil, func(g *guard.Guard, l layout) error {
			return g.WriteFile(l.root+"/../out/x", nil, 0o644)
		}, "WriteFile"},
		{"dotdot-deep", nil, func(g *guard.Guard, l layout) error {
			return g.WriteFile(l.root+"/sub/../../out/x", nil, 0o644)
		}, "WriteFile"},
		{"absolute", nil, func(g *guard.Guard, l layout) error {
			return g.WriteFile(filepath.Join(l.out, "x"), nil, 0o644)
		}, "WriteFile"},
		{"relative-cwd-outside", func(t *testing.T, l layout) { t.Chdir(l.out) }, func(g *guard.Guard, l layout) error {
			return g.WriteFile("x", nil, 0o644)
		}, "WriteFile"},
		{"relative-dotdot-from-root", func(t *testing.T, l layout) { t.Chdir(l.root) }, func(g *guard.Guard, l layout) error {
			return g.WriteFile("../out/x", nil, 0o644)
		}, "WriteFile"},
		{"symlink-dir-out", func(t *testing.T, l layout) { symlink(t, l.out, l.root+"/link") }, func(g *guard.Guard, l layout) error {
			return g.WriteFile(l.root+"/link/x", nil, 0o644)
		}, "WriteFile"},
		{"symlink-dir-out-relative", func(t *testing.T, l layout) { symlink(t, "../out", l.root+"/link") }, func(g *guard.Guard, l layout) error {
			return g.WriteFile(l.root+"/link/x", nil, 0o644)
		}, "WriteFile"},
		{"symlink-file-out", func(t *testing.T, l layout) { symlink(t, l.out+"/secret", l.root+"/f") }, func(g *guard.Guard, l layout) error {
			return g.WriteFile(l.root+"/f", []byte("pwned"), 0o644)
		}, "WriteFile"},
		{"symlink-file-out-dangling", func(t *testing.T, l layout) { symlink(t, "../out/new", l.root+"/f") }, func(g *guard.Guard, l layout) error {
			f, err := g.Create(l.root + "/f")
			if err == nil {
				f.Close()
			}
			return err
		}, "Create"},
		{"openfile-append-out", func(t *testing.T, l layout) { symlink(t, l.out+"/secret", l.root+"/f") }, func(g *guard.Guard, l layout) error {
			_, err := g.OpenFile(l.root+"/f", os.O_APPEND|os.O_WRONLY, 0)
			return err
		}, "OpenFile"},
		{"mkdir-through-link", func(t *testing.T, l layout) { symlink(t, l.out, l.root+"/link") }, func(g *guard.Guard, l layout) error {
			return g.Mkdir(l.root+"/link/d", 0o755)
		}, "Mkdir"},
		{"mkdirall-through-link", func(t *testing.T, l layout) { symlink(t, l.out, l.root+"/link") }, func(g *guard.Guard, l layout) error {
			return g.MkdirAll(l.root+"/link/d/e", 0o755)
		}, "MkdirAll"},
		{"mkdirtemp-outside", nil, func(g *guard.Guard, l layout) error {
			_, err := g.MkdirTemp(l.out, "x*")
			return err
		}, "MkdirTemp"},
		{"mkdirtemp-default-temp", nil, func(g *guard.Guard, l layout) error {
			_, err := g.MkdirTemp("", "x*")
			return err
		}, "MkdirTemp"},
		{"createtemp-through-link", func(t *testing.T, l layout) { symlink(t, l.out, l.root+"/link") }, func(g *guard.Guard, l layout) error {
			_, err := g.CreateTemp(l.root+"/link", "x*")
			return err
		}, "CreateTemp"},
		{"remove-outside", nil, func(g *guard.Guard, l layout) error {
			return g.Remove(l.out + "/secret")
		}, "Remove"},
		{"remove-through-link", func(t *testing.T, l layout) { symlink(t, l.out, l.root+"/link") }, func(g *guard.Guard, l layout) error {
			return g.Remove(l.root + "/link/secret")
		}, "Remove"},
		{"removeall-outside", nil, func(g *guard.Guard, l layout) error {
			return g.RemoveAll(l.out)
		}, "RemoveAll"},
		{"removeall-root-itself", nil, func(g *guard.Guard, l layout) error {
			return g.RemoveAll(l.root)
		}, "RemoveAll"},
		{"rename-in-to-out", func(t *testing.T, l layout) { write(t, l.root+"/a") }, func(g *guard.Guard, l layout) error {
			return g.Rename(l.root+"/a", l.out+"/a")
		}, "Rename"},
		{"rename-out-to-in", nil, func(g *guard.Guard, l layout) error {
			return g.Rename(l.out+"/secret", l.root+"/secret")
		}, "Rename"},
		{"rename-through-link", func(t *testing.T, l layout) { write(t, l.root+"/a"); symlink(t, l.out, l.root+"/link") }, func(g *guard.Guard, l layout) error {
			return g.Rename(l.root+"/a", l.root+"/link/a")
		}, "Rename"},
		{"link-in-to-out", func(t *testing.T, l layout) { write(t, l.root+"/a") }, func(g *guard.Guard, l layout) error {
			return g.Link(l.root+"/a", l.out+"/a")
		}, "Link"},
		{"link-out-to-in", nil, func(g *guard.Guard, l layout) error {
			return g.Link(l.out+"/secret", l.root+"/secret")
		}, "Link"},
		{"symlink-created-outside", nil, func(g *guard.Guard, l layout) error {
			return g.Symlink(l.root, l.out+"/l")
		}, "Symlink"},
		{"chmod-through-link", func(t *testing.T, l layout) { symlink(t, l.out+"/secret", l.root+"/f") }, func(g *guard.Guard, l layout) error {
			return g.Chmod(l.root+"/f", 0o600)
		}, "Chmod"},
		{"truncate-through-link", func(t *testing.T, l layout) { symlink(t, l.out+"/secret", l.root+"/f") }, func(g *guard.Guard, l layout) error {
			return g.Truncate(l.root+"/f", 0)
		}, "Truncate"},
		{"truncate-outside", nil, func(g *guard.Guard, l layout) error {
			return g.Truncate(l.out+"/secret", 0)
		}, "Truncate"},
		{"root-prefix-lookalike", func(t *testing.T, l layout) { mkdir(t, l.root+"x") }, func(g *guard.Guard, l layout) error {
			return g.WriteFile(l.root+"x/f", nil, 0o644)
		}, "WriteFile"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			l := newLayout(t)
			if c.setup != nil {
				c.setup(t, l)
			}
			g := mustGuard(t, l.root)
			before := tree(t, l.out)
			err := c.write(g, l)
			wantViolation(t, g, err, c.op)
			if after := tree(t, l.out); !maps(before, after) {
				t.Errorf("the refused %s changed the outside tree:\nbefore %v\nafter  %v", c.op, before, after)
			}
		})
	}
}

// TestInsideAllowed pins the cases os.Root alone would refuse or get wrong
// but that stay inside the roots: they must not become false violations.
func TestInsideAllowed(t *testing.T) {
	cases := []struct {
		name  string
		setup func(t *testing.T, l layout) []string // returns extra roots
		write func(g *guard.Guard, l layout) error
		want  string // a path that must exist afterwards
	}{
		{"plain", nil, func(g *guard.Guard, l layout) error {
			return g.WriteFile(l.root+"/x", []byte("v"), 0o644)
		}, "root/x"},
		{"absolute-symlink-back-inside", func(t *testing.T, l layout) []string {
			symlink(t, l.root+"/sub", l.root+"/abs")
			return nil
		}, func(g *guard.Guard, l layout) error {
			return g.WriteFile(l.root+"/abs/x", []byte("v"), 0o644)
		}, "root/sub/x"},
		{"absolute-symlink-file-inside", func(t *testing.T, l layout) []string {
			symlink(t, l.root+"/sub/target", l.root+"/f")
			return nil
		}, func(g *guard.Guard, l layout) error {
			return g.WriteFile(l.root+"/f", []byte("v"), 0o644)
		}, "root/sub/target"},
		{"relative-symlink-inside", func(t *testing.T, l layout) []string {
			symlink(t, "sub", l.root+"/rel")
			return nil
		}, func(g *guard.Guard, l layout) error {
			return g.WriteFile(l.root+"/rel/x", []byte("v"), 0o644)
		}, "root/sub/x"},
		{"alias-of-root", func(t *testing.T, l layout) []string {
			symlink(t, l.root, l.base+"/alias")
			return nil
		}, func(g *guard.Guard, l layout) error {
			return g.WriteFile(l.base+"/alias/x", []byte("v"), 0o644)
		}, "root/x"},
		{"root-declared-as-alias", func(t *testing.T, l layout) []string {
			symlink(t, l.root, l.base+"/alias")
			return []string{l.base + "/alias"}
		}, func(g *guard.Guard, l layout) error {
			return g.WriteFile(l.root+"/x", []byte("v"), 0o644)
		}, "root/x"},
		{"dotdot-between-roots", func(t *testing.T, l layout) []string {
			return []string{l.out}
		}, func(g *guard.Guard, l layout) error {
			return g.WriteFile(l.root+"/../out/x", []byte("v"), 0o644)
		}, "out/x"},
		{"relative-cwd-inside", func(t *testing.T, l layout) []string {
			t.Chdir(l.root + "/sub")
			return nil
		}, func(g *guard.Guard, l layout) error {
			return g.WriteFile("x", []byte("v"), 0o644)
		}, "root/sub/x"},
		{"cross-root-rename", func(t *testing.T, l layout) []string {
			write(t, l.root+"/a")
			return []string{l.out}
		}, func(g *guard.Guard, l layout) error {
			return g.Rename(l.root+"/a", l.out+"/a")
		}, "out/a"},
		{"cross-root-link", func(t *testing.T, l layout) []string {
			write(t, l.root+"/a")
			return []string{l.out}
		}, func(g *guard.Guard, l layout) error {
			return g.Link(l.root+"/a", l.out+"/a")
		}, "out/a"},
		{"missing-root-mkdirall", func(t *testing.T, l layout) []string {
			return []string{l.base + "/later/state"}
		}, func(g *guard.Guard, l layout) error {
			return g.MkdirAll(l.base+"/later/state/logs", 0o755)
		}, "later/state/logs"},
		{"mkdirall-through-absolute-link", func(t *testing.T, l layout) []string {
			symlink(t, l.root+"/sub", l.root+"/abs")
			return nil
		}, func(g *guard.Guard, l layout) error {
			return g.MkdirAll(l.root+"/abs/a/b", 0o755)
		}, "root/sub/a/b"},
		{"symlink-pointing-out-may-be-created", nil, func(g *guard.Guard, l layout) error {
			return g.Symlink(l.out, l.root+"/l")
		}, "root/l"},
		{"truncate", func(t *testing.T, l layout) []string {
			write(t, l.root+"/a")
			return nil
		}, func(g *guard.Guard, l layout) error {
			return g.Truncate(l.root+"/a", 0)
		}, "root/a"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			l := newLayout(t)
			roots := []string{l.root}
			if c.setup != nil {
				roots = append(roots, c.setup(t, l)...)
			}
			g := mustGuard(t, roots...)
			if err := c.write(g, l); err != nil {
				t.Fatalf("write inside the roots failed: %v", err)
			}
			if _, err := os.Lstat(filepath.Join(l.base, c.want)); err != nil {
				t.Errorf("expected %s to exist: %v", c.want, err)
			}
			if v := g.Violations(); len(v) != 0 {
				t.Errorf("recorded violations %v", v)
			}
		})
	}
}

func TestTempAndCacheOptions(t *testing.T) {
	l := newLayout(t)
	t.Setenv("TMPDIR", l.out)
	g, err := guard.Config{Temp: true}.New(l.root)
	if err != nil {
		t.Fatal(err)
	}
	defer g.Close()
	dir, err := g.MkdirTemp("", "state-*-dir")
	if err != nil {
		t.Fatal(err)
	}
	if filepath.Dir(dir) != l.out || !strings.HasPrefix(filepath.Base(dir), "state-") || !strings.HasSuffix(dir, "-dir") {
		t.Errorf("MkdirTemp = %q, want %s/state-*-dir", dir, l.out)
	}
	f, err := g.CreateTemp(dir, "f")
	if err != nil {
		t.Fatal(err)
	}
	f.Close()
	if filepath.Dir(f.Name()) != dir {
		t.Errorf("CreateTemp name = %q, want it in %q", f.Name(), dir)
	}
	if _, err := g.CreateTemp(dir, "a/b"); err == nil || errors.Is(err, fs.ErrPermission) {
		t.Errorf("CreateTemp with a separator in the pattern: %v, want a pattern error", err)
	}
}

func TestCreateKeepsCallerName(t *testing.T) {
	l := newLayout(t)
	t.Chdir(l.root)
	g := mustGuard(t, l.root)
	f, err := g.Create("sub/x")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if f.Name() != "sub/x" {
		t.Errorf("Name() = %q, want %q as os.Create gives", f.Name(), "sub/x")
	}
	if _, err := f.WriteString("data"); err != nil {
		t.Fatal(err)
	}
}

func TestErrorsReadLikeOS(t *testing.T) {
	l := newLayout(t)
	g := mustGuard(t, l.root)
	err := g.WriteFile(l.root+"/missing/x", nil, 0o644)
	var pe *fs.PathError
	if !errors.As(err, &pe) || !errors.Is(err, fs.ErrNotExist) || pe.Path != l.root+"/missing/x" {
		t.Errorf("got %v, want a PathError naming the caller's path with ErrNotExist", err)
	}
	if len(g.Violations()) != 0 {
		t.Errorf("a missing directory inside a root is not a violation: %v", g.Violations())
	}
}

func TestViolationDetails(t *testing.T) {
	l := newLayout(t)
	symlink(t, l.out, l.root+"/link")
	g := mustGuard(t, l.root)
	err := g.WriteFile(l.root+"/link/x", nil, 0o644)
	var v *guard.ViolationError
	if !errors.As(err, &v) {
		t.Fatalf("got %v", err)
	}
	if v.Path != l.root+"/link/x" || v.Target != l.out+"/x" || !slices.Equal(v.Roots, []string{l.root}) {
		t.Errorf("violation = %+v", v)
	}
	if !strings.Contains(v.Stack(), "TestViolationDetails") {
		t.Errorf("stack does not name the caller:\n%s", v.Stack())
	}
	if strings.Contains(v.Stack(), "runtime/guard.(*Guard)") {
		t.Errorf("stack shows guard internals:\n%s", v.Stack())
	}
	want := fmt.Sprintf("guard: WriteFile %q (resolves to %q) is outside every allowed root [%s]", l.root+"/link/x", l.out+"/x", l.root)
	if !strings.HasPrefix(err.Error(), want) {
		t.Errorf("Error() = %q, want prefix %q", err.Error(), want)
	}
}

func TestReadsPassThrough(t *testing.T) {
	l := newLayout(t)
	g := mustGuard(t, l.root)
	if b, err := g.ReadFile(l.out + "/secret"); err != nil || string(b) != "keep" {
		t.Errorf("ReadFile outside = %q, %v", b, err)
	}
	f, err := g.OpenFile(l.out+"/secret", os.O_RDONLY, 0)
	if err != nil {
		t.Fatal(err)
	}
	f.Close()
	if len(g.Violations()) != 0 {
		t.Errorf("reads recorded violations: %v", g.Violations())
	}
}

func TestNewErrors(t *testing.T) {
	l := newLayout(t)
	for _, roots := range [][]string{nil, {""}, {l.out + "/secret"}} {
		if _, err := guard.New(roots...); err == nil {
			t.Errorf("New(%q) succeeded, want an error", roots)
		}
	}
}

func TestClose(t *testing.T) {
	l := newLayout(t)
	g := mustGuard(t, l.root)
	g.Close()
	if err := g.WriteFile(l.root+"/x", nil, 0o644); !errors.Is(err, os.ErrClosed) {
		t.Errorf("write after Close = %v, want os.ErrClosed", err)
	}
}

func symlink(t testing.TB, target, name string) {
	t.Helper()
	if err := os.Symlink(target, name); err != nil {
		t.Fatal(err)
	}
}

func write(t testing.TB, name string) {
	t.Helper()
	if err := os.WriteFile(name, []byte("data"), 0o644); err != nil {
		t.Fatal(err)
	}
}

func mkdir(t testing.TB, name string) {
	t.Helper()
	if err := os.MkdirAll(name, 0o755); err != nil {
		t.Fatal(err)
	}
}

func maps(a, b map[string]string) bool {
	if len(a) != len(b) {
		return false
	}
	for k, v := range a {
		if b[k] != v {
			return false
		}
	}
	return true
}

// TestRootSwappedAfterNew pins a root to the directory it named at New: a
// root renamed away and replaced by a symlink to the outside keeps
// receiving the writes, and the symlink is never followed.
func TestRootSwappedAfterNew(t *testing.T) {
	l := newLayout(t)
	g := mustGuard(t, l.root)
	moved := l.base + "/moved"
	if err := os.Rename(l.root, moved); err != nil {
		t.Fatal(err)
	}
	symlink(t, l.out, l.root)
	before := tree(t, l.out)
	if err := g.WriteFile(l.root+"/x", []byte("v"), 0o644); err != nil {
		t.Fatalf("write into the pinned root: %v", err)
	}
	if _, err := os.Stat(moved + "/x"); err != nil {
		t.Errorf("the write did not land in the pinned directory: %v", err)
	}
	if after := tree(t, l.out); !maps(before, after) {
		t.Errorf("the write followed the swapped-in symlink out of the root")
	}
}

// TestMissingRootPinnedAtNew pins a root that does not exist at New to
// its nearest existing ancestor then: if the root, or a missing directory
// above it, later appears as a symlink, no write follows it out.
func TestMissingRootPinnedAtNew(t *testing.T) {
	type attack func(t *testing.T, l layout, root string)
	linkRoot := func(t *testing.T, l layout, root string) {
		mkdir(t, filepath.Dir(root))
		symlink(t, l.out, root)
	}
	linkParent := func(t *testing.T, l layout, root string) {
		symlink(t, l.out, filepath.Dir(root))
	}
	linkRootInside := func(t *testing.T, l layout, root string) {
		// A link that stays inside the ancestor is refused too: the
		// root is the directory named at New, not wherever a link leads.
		mkdir(t, filepath.Dir(root))
		symlink(t, l.root, root)
	}
	ops := map[string]func(g *guard.Guard, root string) error{
		"WriteFile": func(g *guard.Guard, root string) error { return g.WriteFile(root+"/x", []byte("v"), 0o644) },
		"MkdirAll":  func(g *guard.Guard, root string) error { return g.MkdirAll(root+"/logs", 0o755) },
		"MkdirRoot": func(g *guard.Guard, root string) error { return g.Mkdir(root, 0o755) },
		"Mkdir":     func(g *guard.Guard, root string) error { return g.Mkdir(root+"/d", 0o755) },
		"Create": func(g *guard.Guard, root string) error {
			f, err := g.Create(root + "/x")
			if err == nil {
				f.Close()
			}
			return err
		},
		"Rename": func(g *guard.Guard, root string) error { return g.Rename(root+"/a", root+"/b") },
	}
	for name, a := range map[string]attack{"root": linkRoot, "parent": linkParent, "root-inside": linkRootInside} {
		for opName, op := range ops {
			t.Run(name+"/"+opName, func(t *testing.T) {
				l := newLayout(t)
				root := l.base + "/later/state"
				g := mustGuard(t, root)
				a(t, l, root)
				beforeOut, beforeRoot := tree(t, l.out), tree(t, l.root)
				err := op(g, root)
				if err == nil {
					t.Errorf("%s through a root swapped for a symlink succeeded", opName)
				}
				if after := tree(t, l.out); !maps(beforeOut, after) {
					t.Errorf("%s wrote outside through the symlink: %v", opName, after)
				}
				if after := tree(t, l.root); !maps(beforeRoot, after) {
					t.Errorf("%s wrote into another root's place through the symlink: %v", opName, after)
				}
				var v *guard.ViolationError
				if opName != "Rename" && !errors.As(err, &v) {
					t.Errorf("%s: %v, want a *guard.ViolationError", opName, err)
				}
			})
		}
	}

	// Created as a directory, by the guard or by anyone, the root works.
	l := newLayout(t)
	byGuard, byOther := l.base+"/a/state", l.base+"/b/state"
	g := mustGuard(t, byGuard, byOther)
	if err := g.MkdirAll(byGuard+"/logs", 0o755); err != nil {
		t.Fatalf("MkdirAll of a missing root: %v", err)
	}
	mkdir(t, byOther)
	for _, r := range []string{byGuard + "/logs", byOther} {
		if err := g.WriteFile(r+"/x", nil, 0o644); err != nil {
			t.Errorf("write into %s: %v", r, err)
		}
	}
}
