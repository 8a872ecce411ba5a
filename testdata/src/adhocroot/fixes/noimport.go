package fixes

import (
	"os"
	"path/filepath"
)

// withoutAuthority is in a file that does not import stateroots (the
// package does): the fix imports it, and deletes the imports whose last
// use goes.
func withoutAuthority() (string, error) {
	return filepath.Join(os.Getenv("HOME"), ".myapp"), nil // want `filepath\.Join builds a state path on \$HOME`
}
