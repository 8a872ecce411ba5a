package guard_test

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"
)

// FuzzGuard builds a random symlink layout around a root, runs one random
// Guard write on random path strings, and checks nothing outside the root
// changed. The layout's links only lead to places inside the scratch tree,
// and paths may climb at most maxUp levels, so an escape is always seen by
// the snapshot (and cannot harm the machine running the fuzzer).
//
// late selects the guard's root: the layout's root (0), or a root that
// does not exist at New and, before the write, is created as a directory
// (1), appears as a symlink to one of the link targets (2), or has its
// missing parent appear as such a symlink (3).
func FuzzGuard(f *testing.F) {
	f.Add([]byte{0, 1, 2, 3}, "l0/x", "sub/y", uint8(0), uint8(0), uint8(0))
	f.Add([]byte{1, 0, 4, 5}, "../out/x", "l1/../x", uint8(1), uint8(1), uint8(0))
	f.Add([]byte{2, 2, 6, 7}, "sub/l2/secret", "x", uint8(5), uint8(2), uint8(0))
	f.Add([]byte{3, 3, 8, 9}, "l3/", "l0/a/b", uint8(7), uint8(0), uint8(0))
	f.Add([]byte{4, 5, 0, 1, 2, 3, 4, 5}, "l4/l5/..", "sub/../l1/z", uint8(9), uint8(3), uint8(0))
	f.Add([]byte{9, 8, 7, 6}, "/out/secret", "l2", uint8(12), uint8(2), uint8(0))
	f.Add([]byte{0, 0}, "x", "y", uint8(0), uint8(0), uint8(1))
	f.Add([]byte{0, 0}, "x", "y", uint8(0), uint8(0), uint8(2))
	f.Add([]byte{0, 1}, "logs/x", "y", uint8(4), uint8(0), uint8(3))
	f.Add([]byte{0, 4}, "x", "secret", uint8(7), uint8(0), uint8(2))
	f.Fuzz(func(t *testing.T, links []byte, p1, p2 string, op, anchor, late uint8) {
		if strings.Count(p1, "..")+strings.Count(p2, "..") > maxUp || strings.ContainsRune(p1+p2, 0) {
			t.Skip()
		}
		// Links climb at most to top's parent and paths maxUp levels more:
		// five levels of slack keep every reachable place inside TempDir.
		tmp := t.TempDir()
		top := filepath.Join(tmp, "a", "b", "c", "d", "e")
		base := filepath.Join(top, "base")
		root := filepath.Join(base, "root")
		out := filepath.Join(base, "out")
		mkdir(t, filepath.Join(root, "sub"))
		mkdir(t, out)
		write(t, filepath.Join(out, "secret"))
		write(t, filepath.Join(root, "file"))

		// Each pair of bytes places a link (where) pointing somewhere (what).
		wheres := []string{"root/l0", "root/l1", "root/sub/l2", "root/l3", "root/sub/l4", "root/l5", "out/alias", "root/sub/l6"}
		whats := []string{out, "../out", "..", "../..", root, filepath.Join(root, "sub"), "sub", ".",
			filepath.Join(out, "secret"), "../out/new", "l0", base, "../../..", filepath.Join(root, "file"), "../file", "missing/x"}
		for i := 0; i+1 < len(links) && i < 16; i += 2 {
			where := filepath.Join(base, wheres[int(links[i])%len(wheres)])
			os.Symlink(whats[int(links[i+1])%len(whats)], where)
		}

		// The guard's root: the layout's, or one missing at New.
		guarded := root
		var whatLate string
		if late%4 != 0 {
			guarded = filepath.Join(base, "late", "root")
			if len(links) > 0 {
				whatLate = whats[int(links[len(links)-1])%len(whats)]
			} else {
				whatLate = whats[0]
			}
		}

		// Anchors: absolute under the guarded root, base or out; or
		// relative to a working directory inside (root/sub) or outside
		// (out) the root.
		anchors := []string{guarded, base, out, "cwd:" + filepath.Join(root, "sub"), "cwd:" + out}
		a := anchors[int(anchor)%len(anchors)]
		if dir, ok := strings.CutPrefix(a, "cwd:"); ok {
			t.Chdir(dir)
			a = ""
		}
		at := func(p string) string {
			if a == "" {
				return strings.TrimLeft(p, "/")
			}
			return a + "/" + strings.TrimLeft(p, "/")
		}
		n1, n2 := at(p1), at(p2)

		g := mustGuard(t, guarded)
		switch late % 4 {
		case 1:
			mkdir(t, guarded)
		case 2:
			mkdir(t, filepath.Dir(guarded))
			os.Symlink(whatLate, guarded)
		case 3:
			os.Symlink(whatLate, filepath.Dir(guarded))
		}
		before := snapshotOutside(t, tmp, guarded)
		switch op % 14 {
		case 0:
			g.WriteFile(n1, []byte("fuzz"), 0o644)
		case 1:
			if f, err := g.Create(n1); err == nil {
				f.Close()
			}
		case 2:
			if f, err := g.OpenFile(n1, os.O_WRONLY|os.O_APPEND, 0o644); err == nil {
				f.WriteString("fuzz")
				f.Close()
			}
		case 3:
			g.Mkdir(n1, 0o755)
		case 4:
			g.MkdirAll(n1, 0o755)
		case 5:
			g.Remove(n1)
		case 6:
			g.RemoveAll(n1)
		case 7:
			g.Rename(n1, n2)
		case 8:
			g.Link(n1, n2)
		case 9:
			g.Symlink(p2, n1)
		case 10:
			g.Chmod(n1, 0o600)
		case 11:
			g.Truncate(n1, 1)
		case 12:
			if d, err := g.MkdirTemp(n1, "t*"); err == nil {
				g.WriteFile(filepath.Join(d, "x"), nil, 0o644)
			}
		case 13:
			g.Chtimes(n1, time.Unix(1, 0), time.Unix(1, 0))
		}
		after := snapshotOutside(t, tmp, guarded)
		for k, v := range after {
			if before[k] != v {
				t.Fatalf("op %d (late %d) on %q, %q changed %s outside the root: %q -> %q", op%14, late%4, n1, n2, k, before[k], v)
			}
		}
		for k := range before {
			if _, ok := after[k]; !ok {
				t.Fatalf("op %d (late %d) on %q, %q removed %s outside the root", op%14, late%4, n1, n2, k)
			}
		}
	})
}

// maxUp bounds the ".." in fuzzed paths: top sits that many levels above base.
const maxUp = 3

// snapshotOutside records everything under dir except the root's subtree:
// type, mode, size, mtime and link target. A root that is a symlink is
// recorded as one (its target is outside, and is recorded where it is).
func snapshotOutside(t *testing.T, dir, root string) map[string]string {
	t.Helper()
	m := map[string]string{}
	filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
		if err != nil {
			return nil
		}
		if p == root && d.IsDir() {
			return filepath.SkipDir
		}
		fi, err := d.Info()
		if err != nil {
			return nil
		}
		v := fi.Mode().String() + " " + fi.ModTime().String()
		if fi.Mode().IsRegular() {
			v += " " + strconv.FormatInt(fi.Size(), 10)
		}
		if fi.Mode()&os.ModeSymlink != 0 {
			l, _ := os.Readlink(p)
			v += " -> " + l
		}
		m[p] = v
		return nil
	})
	return m
}
