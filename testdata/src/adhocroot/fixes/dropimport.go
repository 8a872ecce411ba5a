package fixes

import (
	"os"
	"path/filepath"

	sr "github.com/staterootlint/staterootlint/stateroots"
)

var _ = sr.Join

// aliased is the only user of os and filepath in this file, so the fix
// deletes their imports, and it calls the authority through the alias.
func aliased() (string, error) {
	return filepath.Join(os.Getenv("HOME"), ".myapp"), nil // want `filepath\.Join builds a state path on \$HOME`
}
