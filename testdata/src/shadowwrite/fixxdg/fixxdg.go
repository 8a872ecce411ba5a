// Package fixxdg builds the program's root by hand on an XDG base: the fix
// derives it from stateroots.GlobalStateRoot, with the error returned.
// The test configures -state-dir=.myapp.
package fixxdg

import (
	"os"
	"path/filepath"

	"github.com/staterootlint/staterootlint/stateroots"
)

var _ = stateroots.Join

// SaveSettings writes $XDG_CONFIG_HOME/myapp/settings.json.
func SaveSettings(data []byte) error {
	base := os.Getenv("XDG_CONFIG_HOME")
	return os.WriteFile(filepath.Join(base, "myapp", "settings.json"), data, 0o644) // want `os\.WriteFile writes a path from the environment variable XDG_CONFIG_HOME`
}

// SaveElsewhere writes below another program's directory: no fix.
func SaveElsewhere(data []byte) error {
	return os.WriteFile(filepath.Join(os.Getenv("XDG_CONFIG_HOME"), "otherapp", "x"), data, 0o644) // want `os\.WriteFile writes a path from the environment variable XDG_CONFIG_HOME`
}
