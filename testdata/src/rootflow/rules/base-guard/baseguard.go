// Package baseguard: a walk's path kept only where its base name is a
// constant ends with that name, which an allowance can declare.
package baseguard

import (
	"io/fs"
	"os"
	"path/filepath"
)

// tidy rewrites every go.sum below the working directory.
//
//staterootlint:allow-write cwd:**/go.sum
func tidy() error {
	return filepath.WalkDir(".", func(p string, d fs.DirEntry, err error) error {
		if d == nil || d.Name() != "go.sum" {
			return os.Remove(filepath.Join(p, "go.sum.tmp")) // want `"\*/go.sum.tmp" relative to the working directory`
		}
		return os.WriteFile(p, nil, 0o600) // ok: declared, its base name is go.sum
	})
}
