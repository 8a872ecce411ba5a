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
	if root := os.Getenv(override); root != "" {
		return filepath.Join(root, filepath.Join(elem...))
	}
	root := os.Getenv(xdg)
	if root == "" {
		home, _ := os.UserHomeDir()
		root = filepath.Join(home, fallback)
	}
	return filepath.Join(root, string(b), filepath.Join(elem...))
}

func (b base) configDir(elem ...string) string {
	return b.dir("ENVOR_CONFIG_HOME", "XDG_CONFIG_HOME", ".config", elem...)
}

func (b base) dataDir(elem ...string) string {
	return b.dir("ENVOR_DATA_HOME", "XDG_DATA_HOME", ".local/share", elem...)
}

const app = base("envorapp")

// ConfigPath returns elem below the configuration directory.
func ConfigPath(elem ...string) string { return app.configDir(elem...) }

// DataPath returns elem below the data directory.
func DataPath(elem ...string) string { return app.dataDir(elem...) }
