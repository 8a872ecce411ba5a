package generated

import (
	"os"
	"path/filepath"
)

func handwrittenRoot() string {
	return filepath.Join(os.Getenv("HOME"), ".myapp") // want `filepath\.Join builds a state path on \$HOME`
}
