// Package fixerrlive has an authority that returns (string, error), to be
// called where a variable err is live: declaring err there would change
// what the code after it reads, so there is no fix, and the finding says
// why. The test configures -state-dir=.myapp.
package fixerrlive

import (
	"os"
	"path/filepath"
)

// GlobalDir is the program's global state root.
//
//staterootlint:authority global
func GlobalDir() (string, error) { return os.Getenv("MYAPP_HOME"), nil }

// saveLog checks err only after the write.
func saveLog(data []byte) error {
	home, _ := os.UserHomeDir()
	_, err := os.Stat(home)
	os.WriteFile(filepath.Join(home, ".myapp", "last.log"), data, 0o644) // want `os\.WriteFile writes a path under the home directory`
	return err
}
