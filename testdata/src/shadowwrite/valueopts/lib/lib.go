// Package lib renders pages into a directory given in an options struct
// passed by value.
package lib

import (
	"os"
	"path/filepath"
)

// TreeOptions says where the pages go.
type TreeOptions struct {
	Path      string
	Separator string
}

// GenTree renders the pages into dir.
func GenTree(name, dir string) error {
	return GenTreeFromOpts(name, TreeOptions{Path: dir, Separator: "-"})
}

// GenTreeFromOpts renders the pages into opts.Path.
func GenTreeFromOpts(name string, opts TreeOptions) error {
	if name == "" {
		return GenTreeFromOpts("root", opts)
	}
	return os.WriteFile(filepath.Join(opts.Path, name+".1"), nil, 0o644)
}
