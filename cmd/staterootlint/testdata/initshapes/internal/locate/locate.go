// Package locate resolves a file and says whether it exists: the path is
// the second result.
package locate

import (
	"os"
	"path/filepath"
)

// find returns whether the named file exists and its path: under
// $SHAPES_CONF when set, else under the user's configuration directory.
func find(name string) (exists bool, path string) {
	if d := os.Getenv("SHAPES_CONF"); d != "" {
		return true, filepath.Join(d, name)
	}
	base, _ := os.UserConfigDir()
	path = filepath.Join(base, "shapes-conf", name)
	_, err := os.Stat(path)
	return err == nil, path
}

// Save writes the settings and the history.
func Save() {
	_, settings := find("settings.yml")
	_ = os.WriteFile(settings, nil, 0o644)
	_, history := find("history")
	_ = os.WriteFile(history, nil, 0o644)
}
