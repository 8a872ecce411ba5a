// Package paths is the program's own authority, of two kinds.
package paths

import (
	"os"
	"path/filepath"
)

// StateDir is the per-user state directory.
//
//staterootlint:authority global
func StateDir() string {
	home, _ := os.UserHomeDir()
	return filepath.Join(home, ".own")
}

// RepoDir is the per-repository state directory.
//
//staterootlint:authority repo
func RepoDir(project string) string { return filepath.Join(project, ".own") }
