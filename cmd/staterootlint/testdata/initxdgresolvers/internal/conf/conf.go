// Package conf resolves the program's configuration directory and state
// file: its override variable first, then the directory an older release
// used below the configuration base when it exists, else its own name
// below the configuration or state base.
package conf

import (
	"os"
	"path/filepath"

	"example.com/xdgstruct"
)

// findConfigFile returns where the configuration file name is, and
// whether it exists there.
func findConfigFile(name string) (bool, string) {
	if dir := os.Getenv("XRCONFIG_DIR"); dir != "" {
		return true, filepath.Join(dir, name)
	}
	legacy := filepath.Join(xdgstruct.ConfigHome, "legacyorg", "xrprog", name)
	if _, err := os.Stat(legacy); err == nil {
		return true, legacy
	}
	return false, filepath.Join(xdgstruct.ConfigHome, "xrprog", name)
}

// stateFilePath returns the state file name: beside the configuration
// where one is kept there, else below the state base.
func stateFilePath(name string) (string, error) {
	if ok, p := findConfigFile(name); ok {
		return p, nil
	}
	return xdgstruct.StateFile(filepath.Join("xrprog", name))
}

// ConfigDir returns the configuration directory.
func ConfigDir() string {
	_, p := findConfigFile("config.yml")
	return filepath.Dir(p)
}

// LogPath returns the development log: the user's override, else a file
// beside the state.
func LogPath() (string, error) {
	if p := os.Getenv("XRPROG_LOG_PATH"); p != "" {
		return p, nil
	}
	return stateFilePath("development.log")
}

// SaveState writes the state file.
func SaveState(data []byte) error {
	p, err := stateFilePath("state.yml")
	if err != nil {
		return err
	}
	return os.WriteFile(p, data, 0o600)
}
