// Package fixhome rebuilds the program's own state dir by hand on the home
// directory: the fix derives it from stateroots.GlobalStateRoot instead,
// keeping the rest of the path. The test configures -state-dir=.myapp.
package fixhome

import (
	"os"
	"path/filepath"

	"github.com/staterootlint/staterootlint/stateroots"
)

var _ = stateroots.Join

// SaveHistory keeps the history below ~/.myapp: the home directory is
// used for nothing else, so its lookup becomes the authority's.
func SaveHistory(data []byte) error {
	home, err := os.UserHomeDir()
	if err != nil {
		return err
	}
	p := filepath.Join(home, ".myapp", "history.json")
	return os.WriteFile(p, data, 0o644) // want `os\.WriteFile writes a path under the home directory`
}

// SaveOther writes to a second directory of its own: moving it is the
// author's decision, so there is no fix.
func SaveOther(data []byte) error {
	home, err := os.UserHomeDir()
	if err != nil {
		return err
	}
	return os.WriteFile(filepath.Join(home, ".other", "x"), data, 0o644) // want `os\.WriteFile writes a path under the home directory`
}

// saveTemp writes a temporary file: no finding, no fix.
func saveTemp(data []byte) error {
	return os.WriteFile(filepath.Join(os.TempDir(), "x"), data, 0o644) // ok
}
