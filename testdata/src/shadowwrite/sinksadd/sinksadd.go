// Package sinksadd is analyzed with -sinks=os.Symlink#0: a configured
// index adds a checked path to a built-in sink, it never replaces the
// built-in one (os.Symlink's new name, index 1, stays checked).
package sinksadd

import (
	"os"
	"path/filepath"

	"github.com/staterootlint/staterootlint/stateroots"
)

func links(project string) {
	root, _ := stateroots.RepoStateRoot(project, "myapp")
	os.Symlink(filepath.Join(root, "target"), filepath.Join(root, "link")) // ok: both paths rooted
	os.Symlink(filepath.Join(root, "target"), "link")                      // want `os.Symlink writes "link" relative to the working directory`
	os.Symlink("target", filepath.Join(root, "link"))                      // want `os.Symlink writes "target" relative to the working directory`
	os.WriteFile(filepath.Join(root, "x"), nil, 0o644)                     // ok: rooted
	os.WriteFile("x", nil, 0o644)                                          // want `os.WriteFile writes "x" relative to the working directory`
}
