// Package paths is a derived authority over stateroots.
package paths

import (
	"path/filepath"

	"github.com/staterootlint/staterootlint/stateroots"
)

// Layout is a root type with a Join helper.
type Layout struct{ root string }

// New returns the layout of the project.
func New(project string) (Layout, error) {
	r, err := stateroots.RepoStateRoot(project, "myapp")
	if err != nil {
		return Layout{}, err
	}
	return Layout{root: r}, nil
}

// Join joins elem below the layout's root.
func (l Layout) Join(elem ...string) string {
	return filepath.Join(append([]string{l.root}, elem...)...)
}

// Logs is always rooted.
func Logs(project string) (string, error) {
	r, err := stateroots.RepoStateRoot(project, "myapp")
	if err != nil {
		return "", err
	}
	return filepath.Join(r, "logs"), nil
}

// Under returns dir/name: rooted whenever dir is.
func Under(dir, name string) string { return filepath.Join(dir, name) }
