// Package suppressed silences adhocroot findings with directives.
package suppressed

import (
	"os"
	"path/filepath"
)

func roots() []string {
	home, _ := os.UserHomeDir()
	return []string{
		filepath.Join(home, ".myapp", "a"), //nolint:adhocroot
		filepath.Join(home, ".myapp", "b"), //staterootlint:ignore reads the old layout to migrate it
		//staterootlint:ignore reads the old layout to migrate it
		filepath.Join(home, ".myapp", "c"),
		filepath.Join(home, ".myapp", "d"), //nolint:rootenv // want `filepath\.Join builds a state path on os\.UserHomeDir`
		".myapp",                           //nolint:all
		// want +1 `//staterootlint:ignore needs a reason`
		//staterootlint:ignore
		".myapp", // want `literal "\.myapp" names the state dir`
	}
}
