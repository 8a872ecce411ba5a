// Package testsfiles builds roots in production code and in tests.
package testsfiles

import (
	"os"
	"path/filepath"
)

func root() string {
	return filepath.Join(os.Getenv("HOME"), ".myapp") // want `filepath\.Join builds a state path on \$HOME`
}
