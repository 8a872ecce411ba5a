// Package dirs resolves the program's configuration directory: the
// --config-dir flag (or $CLIENV_CONFIG_DIR, which the flag names), else
// ~/.clienv.
package dirs

import (
	"os"
	"path/filepath"
)

// ConfigDirFlag holds the --config-dir flag's value.
var ConfigDirFlag string

// LogLevel holds the --log-level flag's value, no path.
var LogLevel string

// ConfigDir returns the configuration directory.
func ConfigDir() string {
	if ConfigDirFlag != "" {
		return ConfigDirFlag
	}
	home, _ := os.UserHomeDir()
	return filepath.Join(home, ".clienv")
}

// TrashDir returns where deleted entries go: below the home directory
// only, whatever the flags say.
func TrashDir() string {
	home, _ := os.UserHomeDir()
	return filepath.Join(home, ".clienv-trash")
}
