// Package authoritypkg declares an authority, so it may build roots from
// the home directory and spell the state dir: that is its job.
package authoritypkg

import (
	"os"
	"path/filepath"
)

const stateDir = ".myapp" // ok: the authority package

// GlobalRoot returns the global state root.
//
//staterootlint:authority global
func GlobalRoot() (string, error) {
	home, err := os.UserHomeDir()
	if err != nil {
		return "", err
	}
	return filepath.Join(home, stateDir), nil // ok: the authority package
}
