// Package fixnoerr has an authority that returns (string, error), used
// where the enclosing function returns no error: no fix, and the finding
// says why. The test configures -state-dir=.myapp.
package fixnoerr

import (
	"os"
	"path/filepath"
)

// GlobalDir is the program's global state root.
//
//staterootlint:authority global
func GlobalDir() (string, error) { return os.Getenv("MYAPP_HOME"), nil }

// saveLog has no error to return the authority's in.
func saveLog(data []byte) {
	home, _ := os.UserHomeDir()
	os.WriteFile(filepath.Join(home, ".myapp", "last.log"), data, 0o644) // want `os\.WriteFile writes a path under the home directory`
}
