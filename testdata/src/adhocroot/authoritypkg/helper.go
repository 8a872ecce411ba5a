package authoritypkg

import (
	"os"
	"path/filepath"
)

// legacyRoot is an ordinary function, but in the authority package.
func legacyRoot() string {
	return filepath.Join(os.Getenv("HOME"), ".myapp-old") // ok: the whole authority package is exempt
}
