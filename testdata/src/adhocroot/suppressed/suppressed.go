// Package suppressed silences adhocroot findings with directives.
package suppressed

import (
	"os"
	"path/filepath"
)

func roots() []string {
	home, _ := os.UserHomeDir()
	return []string{
		filepath.Join(home, "a"), //nolint:adhocroot
		filepath.Join(home, "b"), //staterootlint:ignore reads the old layout to migrate it
		//staterootlint:ignore reads the old layout to migrate it
		filepath.Join(home, "c"),
		filepath.Join(home, "d"), //nolint:rootenv // want `filepath\.Join builds a state path on os\.UserHomeDir`
		".myapp",                 //nolint:all
		// want +1 `//staterootlint:ignore needs a reason`
		//staterootlint:ignore
		".myapp", // want `literal "\.myapp" names the state dir`
	}
}
