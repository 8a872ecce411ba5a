// Package configuredpkg holds an authority named in the configuration
// (-authorities), not by directive: it may read the override.
package configuredpkg

import (
	"os"
	"path/filepath"
)

// StateDir is the program's own resolver.
func StateDir() (string, error) {
	if d := os.Getenv("MYAPP_HOME"); d != "" { // ok: the configured authority's package
		return d, nil
	}
	home, err := os.UserHomeDir()
	if err != nil {
		return "", err
	}
	return filepath.Join(home, ".myapp"), nil
}
