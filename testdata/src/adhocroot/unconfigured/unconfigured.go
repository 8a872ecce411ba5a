// Package unconfigured is analyzed with the default configuration: no
// state dir is known, the home checks still run.
package unconfigured

import (
	"os"
	"path/filepath"
)

const stateDir = ".myapp" // ok: -state-dir is empty

func root() string {
	home, _ := os.UserHomeDir()
	return filepath.Join(home, stateDir) // want `filepath\.Join builds a state path on os\.UserHomeDir outside the authority package`
}

func setup() {
	os.MkdirAll(root(), 0o700)
}

func other() string {
	home, _ := os.UserHomeDir()
	return filepath.Join(home, stateDir, "x") // ok: no state dir known, and not written
}
