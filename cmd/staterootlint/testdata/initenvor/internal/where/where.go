// Package where resolves the program's configuration and data
// directories: its own override first, then the XDG base with the
// program's name below, else a dot-directory in the home.
package where

import (
	"os"
	"path/filepath"
)

type base string

func (b base) dir(override, xdg, fallback string, elem ...string) string {
	root := os.Getenv(override)
	if root == "" {
		if x := os.Getenv(xdg); x != "" {
			root = filepath.Join(x, string(b))
		} else {
			home, _ := os.UserHomeDir()
			root = filepath.Join(home, fallback, string(b))
		}
	}
	return filepath.Join(append([]string{root}, elem...)...)
}

const app = base("envorapp")

// ConfigPath returns elem below the configuration directory.
func ConfigPath(elem ...string) string {
	return app.dir("ENVOR_CONFIG_HOME", "XDG_CONFIG_HOME", ".config", elem...)
}

// DataPath returns elem below the data directory.
func DataPath(elem ...string) string {
	return app.dir("ENVOR_DATA_HOME", "XDG_DATA_HOME", ".local/share", elem...)
}
