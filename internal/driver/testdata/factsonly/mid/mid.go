// Package mid sits between the program and paths: it stores into paths'
// cells and wraps its functions.
package mid

import (
	"path/filepath"

	"example.com/factsonly/paths"
)

// Dir is where Open keeps its store.
var Dir = paths.ConfigDir()

// Open opens the store under the directory the environment names.
func Open(name string) *paths.Store {
	return paths.NewStore(filepath.Join(paths.EnvOr("FACTSONLY_DIR", Dir), name))
}

// Root is below the authority.
func Root(name string) string { return filepath.Join(paths.StateRoot(), name) }

// Log writes a log in the working directory.
func Log() error { return paths.Write("factsonly.log") }
