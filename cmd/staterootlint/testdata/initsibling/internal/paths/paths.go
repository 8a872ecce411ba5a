// Package paths resolves the program's global directories.
package paths

import (
	"os"
	"path/filepath"
)

// GlobalConfig is $SIBAPP_GLOBAL_CONFIG, else $XDG_CONFIG_HOME/sibapp,
// else ~/.config/sibapp.
func GlobalConfig() string {
	if d := os.Getenv("SIBAPP_GLOBAL_CONFIG"); d != "" {
		return d
	}
	if x := os.Getenv("XDG_CONFIG_HOME"); x != "" {
		return filepath.Join(x, "sibapp")
	}
	home, _ := os.UserHomeDir()
	return filepath.Join(home, ".config", "sibapp")
}

// GlobalConfigData is $SIBAPP_GLOBAL_DATA, else $XDG_DATA_HOME/sibapp,
// else ~/.local/share/sibapp.
func GlobalConfigData() string {
	if d := os.Getenv("SIBAPP_GLOBAL_DATA"); d != "" {
		return d
	}
	if x := os.Getenv("XDG_DATA_HOME"); x != "" {
		return filepath.Join(x, "sibapp")
	}
	home, _ := os.UserHomeDir()
	return filepath.Join(home, ".local", "share", "sibapp")
}

// GlobalSessions is the sessions directory below the global data
// directory: it copies GlobalConfigData but forgets $SIBAPP_GLOBAL_DATA,
// so the sessions land outside the directory the user chose.
func GlobalSessions() string {
	if x := os.Getenv("XDG_DATA_HOME"); x != "" {
		return filepath.Join(x, "sibapp", "sessions")
	}
	home, _ := os.UserHomeDir()
	return filepath.Join(home, ".local", "share", "sibapp", "sessions")
}
