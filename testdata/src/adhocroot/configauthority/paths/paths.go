// Package paths is an authority by configuration only (-authorities
// names its function GlobalRoot): like a package declaring
// //staterootlint:authority, it may build roots.
package paths

import (
	"os"
	"path/filepath"
)

// GlobalRoot returns the global state root; no directive, it is configured.
func GlobalRoot() (string, error) {
	home, err := os.UserHomeDir()
	if err != nil {
		return "", err
	}
	return filepath.Join(home, ".myapp"), nil // ok: a configured authority's package
}

func legacy() string {
	return "/srv/.myapp/legacy" // ok: the whole package is exempt
}
