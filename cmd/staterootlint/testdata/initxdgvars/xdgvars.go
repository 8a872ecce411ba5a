// Package xdgvars resolves the XDG base directories as XDG libraries do:
// package variables filled when the package is initialised (and again by
// Reload), a helper that joins a caller's name below one, and the home
// directory itself.
package xdgvars

import (
	"os"
	"path/filepath"
)

// ConfigHome and DataHome are the user's configuration and data bases,
// shared by every program.
var ConfigHome, DataHome string

func init() { Reload() }

// Reload fills the variables from the environment, else below the home
// directory.
func Reload() {
	home := Home()
	ConfigHome = envOr("XDG_CONFIG_HOME", filepath.Join(home, ".config"))
	DataHome = envOr("XDG_DATA_HOME", filepath.Join(home, ".local", "share"))
}

// Home is the user's home directory.
func Home() string {
	home, _ := os.UserHomeDir()
	return home
}

// ConfigFile returns rel below ConfigHome, creating its directory.
func ConfigFile(rel string) (string, error) {
	p := filepath.Join(ConfigHome, rel)
	return p, os.MkdirAll(filepath.Dir(p), 0o755)
}

func envOr(name, def string) string {
	if v := os.Getenv(name); v != "" {
		return v
	}
	return def
}
