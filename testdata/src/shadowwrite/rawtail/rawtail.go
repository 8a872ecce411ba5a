// Package rawtail appends text without a separator to a path that
// reaches the write through a parameter (a log rotated to "name.0"):
// where the path is a state root itself, the write is the root's
// sibling, outside it; a file inside the root keeps its siblings inside.
package rawtail

import (
	"fmt"
	"os"
	"path/filepath"

	"github.com/staterootlint/staterootlint/stateroots"
)

// logRoot resolves the program's log directory.
func logRoot() string {
	root, _ := stateroots.GlobalStateRoot("app")
	return filepath.Join(root, "logs")
}

func numbered(name string, n int) string { return fmt.Sprintf("%s.%d", name, n) }

func rotate(name string) error { return os.Rename(numbered(name, 0), numbered(name, 1)) }

// Rotate rotates the log file, and, by mistake, the log directory's root.
func Rotate() {
	_ = rotate(filepath.Join(logRoot(), "app.log")) // ok: app.log.0 and app.log.1, inside the root
	root, _ := stateroots.GlobalStateRoot("app")
	_ = rotate(root) // want `rawtail.rotate receives a sibling of the global state root \("\.\*" appended without a separator\)`
}
