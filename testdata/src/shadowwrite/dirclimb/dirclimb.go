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
