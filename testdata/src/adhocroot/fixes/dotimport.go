package fixes

import (
	"os"
	"path/filepath"

	. "github.com/staterootlint/staterootlint/stateroots"
)

var _ = Join

func dotImported() (string, error) {
	return filepath.Join(os.Getenv("HOME"), ".myapp"), nil // want `filepath\.Join builds a state path on \$HOME`
}

func dotShadowed() (string, error) {
	GlobalStateRoot := 1
	_ = GlobalStateRoot
	// No fix: GlobalStateRoot is shadowed.
	return filepath.Join(os.Getenv("HOME"), ".myapp"), nil // want `on \$HOME`
}
