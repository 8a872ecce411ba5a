package fixes

import (
	"os"
	"path/filepath"
)

// withoutAuthority is in a file that does not import stateroots, so no
// fix is offered: adding an import is left to the user.
func withoutAuthority() (string, error) {
	return filepath.Join(os.Getenv("HOME"), ".myapp"), nil // want `filepath\.Join builds a state path on \$HOME`
}
