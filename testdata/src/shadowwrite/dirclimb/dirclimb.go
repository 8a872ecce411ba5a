package dirclimb

import (
	"os"
	"path"
	"path/filepath"

	"github.com/staterootlint/staterootlint/stateroots"
)

func climbs(project string, data []byte) {
	root, _ := stateroots.RepoStateRoot(project, "myapp")
	os.WriteFile(filepath.Join(filepath.Dir(root), "x"), data, 0o644)      // want `os.WriteFile writes the parent of a repo state root \(filepath.Dir climbs above it\)`
	os.WriteFile(filepath.Dir(filepath.Join(root, "a", "b")), data, 0o644) // ok: stays inside
	os.WriteFile(filepath.Join(root, "..", "x"), data, 0o644)              // want `climbs out of its repo state root with ".."`
	os.WriteFile(filepath.Join(root, "a", "..", "b"), data, 0o644)         // ok: ".." that stays inside
	os.WriteFile(path.Join(path.Dir(root), "y"), data, 0o644)              // want `path.Dir climbs above it`
	os.WriteFile(root+"/../z", data, 0o644)                                // want `climbs out of its repo state root`
}

func siblings(project string, data []byte) {
	root, _ := stateroots.RepoStateRoot(project, "myapp")
	os.WriteFile(root+".bak", data, 0o644)                             // want `os.WriteFile writes a sibling of the repo state root \(".bak" appended without a separator\)`
	os.WriteFile(root+string(filepath.Separator)+"state", data, 0o644) // ok: a separator, then a name below the root
	os.WriteFile(filepath.Join(root, "db")+".tmp", data, 0o644)        // ok: db.tmp below the root
}

// A climb that reaches the write through a field or a parameter is
// checked where the root enters: the root, with the climb appended,
// leaves it.
type store struct{ dir string }

func repoRoot() string {
	root, _ := stateroots.RepoStateRoot(".", "app")
	return root
}

func newStore() *store { return &store{dir: repoRoot()} } // want `field dirclimb.store.dir is assigned a path that climbs out of its repo state root`

func (s *store) index(data []byte) {
	os.WriteFile(filepath.Join(s.dir, "..", "index"), data, 0o644)
}

func beside(dir string, data []byte) {
	os.WriteFile(filepath.Join(dir, "..", "beside"), data, 0o644)
}

func besideRoot(data []byte) {
	beside(repoRoot(), data) // want `dirclimb.beside receives a path that climbs out of its repo state root`
	newStore().index(data)
}

// MkdirAll of a root's ancestor creates nothing MkdirAll of the root
// would not: the directory a rooted file lives in.
func parentOf(file string) error { return os.MkdirAll(filepath.Dir(file), 0o755) }

func ancestors() {
	root := repoRoot()
	_ = parentOf(root)                         // ok: MkdirAll of the root's parent
	_ = os.MkdirAll(filepath.Dir(root), 0o755) // ok: likewise, directly
}

// A file kept in a field holds the root itself where the authority's
// result is taken for the root: the directory made above it, written
// first, and the file written after, meet in one requirement on the
// field. Making the root's parent still creates nothing.
type saved struct{ file string }

func openSaved() *saved { return &saved{file: repoRoot()} } // ok: MkdirAll of its parent, then the file itself

func (s *saved) write(data []byte) {
	_ = os.MkdirAll(filepath.Dir(s.file), 0o755)
	_ = os.WriteFile(s.file, data, 0o644)
}

// Save writes the saved file.
func Save(data []byte) { openSaved().write(data) }
