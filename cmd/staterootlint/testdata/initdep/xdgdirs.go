// Package xdgdirs is a dependency with its own resolver: init proposes it.
package xdgdirs

import (
	"os"
	"path/filepath"
)

// ConfigHome returns $XDG_CONFIG_HOME/app, else os.UserConfigDir()/app.
func ConfigHome(app string) (string, error) {
	if x := os.Getenv("XDG_CONFIG_HOME"); x != "" {
		return filepath.Join(x, app), nil
	}
	dir, err := os.UserConfigDir()
	if err != nil {
		return "", err
	}
	return filepath.Join(dir, app), nil
}
