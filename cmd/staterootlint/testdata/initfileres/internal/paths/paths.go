// Package paths resolves the program's directory and its two settings
// files, global and per project.
package paths

import (
	"os"
	"path/filepath"
)

const appName = "fileres"

// GlobalDir is $FILERES_HOME, else ~/.config/fileres.
func GlobalDir() string {
	if d := os.Getenv("FILERES_HOME"); d != "" {
		return d
	}
	home, _ := os.UserHomeDir()
	return filepath.Join(home, ".config", appName)
}

// GlobalConfigFile is the global settings file, fileres.json in
// GlobalDir.
func GlobalConfigFile() string {
	return filepath.Join(GlobalDir(), appName+".json")
}

// StateFile is the state file: $FILERES_STATE_FILE, else state.json
// below the user's state directory.
func StateFile() string {
	if p := os.Getenv("FILERES_STATE_FILE"); p != "" {
		return p
	}
	if x := os.Getenv("XDG_STATE_HOME"); x != "" {
		return filepath.Join(x, appName, appName+".state")
	}
	home, _ := os.UserHomeDir()
	return filepath.Join(home, ".local", "state", appName, appName+".state")
}
