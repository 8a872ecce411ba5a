// Package configuredpkg holds an authority named in the configuration
// (-authorities), not by directive: it is the authority package all the
// same, and may build roots on the home directory.
package configuredpkg

import (
	"os"
	"path/filepath"
)

// StateDir is the program's own resolver.
func StateDir() (string, error) {
	if d := os.Getenv("MYAPP_HOME"); d != "" {
		return d, nil
	}
	home, err := os.UserHomeDir()
	if err != nil {
		return "", err
	}
	return filepath.Join(home, ".myapp"), nil // ok: the configured authority's package
}
