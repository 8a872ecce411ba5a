// Package configauthority uses a configured authority, and is not one.
package configauthority

import (
	"os"
	"path/filepath"

	"adhocroot/configauthority/paths"
)

func root() (string, error) {
	return paths.GlobalRoot() // ok: the authority
}

func adhoc() string {
	home, _ := os.UserHomeDir()
	return filepath.Join(home, ".myapp") // want `filepath.Join builds a state path on os.UserHomeDir outside the authority package`
}
