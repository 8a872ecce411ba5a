// Package paths is a program's own authority: findings elsewhere name it
// instead of the stateroots library.
package paths

import (
	"os"
	"path/filepath"
)

// StateDir is the per-user state directory.
//
//staterootlint:authority global
func StateDir() (string, error) {
	home, err := os.UserHomeDir()
	if err != nil {
		return "", err
	}
	return filepath.Join(home, ".app"), nil
}

// RepoDir is the per-repository state directory.
//
//staterootlint:authority repo
func RepoDir(project string) string { return filepath.Join(project, ".app") }
