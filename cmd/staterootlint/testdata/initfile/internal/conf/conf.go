// Package conf resolves the program's settings file, and the directory
// of its plugins.
package conf

import (
	"os"
	"path/filepath"
)

// SettingsFile returns the settings file: $INITFILE_CONFIG, else
// settings.json in the program's directory below the user's
// configuration directory.
func SettingsFile() string {
	if p := os.Getenv("INITFILE_CONFIG"); p != "" {
		return p
	}
	dir, _ := os.UserConfigDir()
	return filepath.Join(dir, "initfile", "settings.json")
}

// PluginDir returns the directory of the plugins: $INITFILE_PLUGINS,
// else plugins.d in the program's directory below the user's data
// directory.
func PluginDir() string {
	if p := os.Getenv("INITFILE_PLUGINS"); p != "" {
		return p
	}
	dir, _ := os.UserConfigDir()
	return filepath.Join(dir, "initfile", "plugins.d")
}
