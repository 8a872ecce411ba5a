// Package authoritypkg declares an authority, so it may read the
// root-override variables: that is its job.
package authoritypkg

import (
	"os"
	"path/filepath"
)

// GlobalRoot returns the global state root.
//
//staterootlint:authority global
func GlobalRoot() (string, error) {
	if dir, ok := os.LookupEnv("MYAPP_GLOBAL_STATE_ROOT"); ok { // ok: the authority package
		return dir, nil
	}
	home, err := os.UserHomeDir()
	if err != nil {
		return "", err
	}
	return filepath.Join(home, ".myapp"), nil
}
