// Package walkcallback: filepath.Walk and filepath.WalkDir call their
// function with the root they are given and the paths below it, so a
// write of the callback's path is a write below that root: rooted where
// the root is, reported where the root is the working directory's or a
// literal.
package walkcallback

import (
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"github.com/staterootlint/staterootlint/stateroots"
)

// rewrite rewrites every .yml file below dir/workflows.
func rewrite(dir string) error {
	return filepath.Walk(filepath.Join(dir, "workflows"), func(path string, info os.FileInfo, err error) error {
		if err != nil || info.IsDir() || !strings.HasSuffix(path, ".yml") {
			return nil
		}
		return bump(path)
	})
}

func bump(path string) error { return os.WriteFile(path, []byte("v2"), 0o600) }

// touchAll marks every entry below root.
func touchAll(root string) error {
	return filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		return os.Chmod(p, 0o600)
	})
}

func main() {
	root, _ := stateroots.RepoStateRoot(".", "myapp")
	_ = rewrite(root)                          // ok: below a state root
	_ = touchAll(filepath.Join(root, "cache")) // ok: the same
	wd, _ := os.Getwd()
	_ = rewrite(filepath.Dir(wd)) // want `rewrite receives .*working directory`
	_ = touchAll("build")         // want `touchAll receives "build" relative to the working directory`
	_ = fs.WalkDir(os.DirFS(root), ".", func(p string, _ fs.DirEntry, _ error) error {
		return os.Remove(p) // ok: a name inside the fs.FS, not a path the engine follows (unproven)
	})
}
