// Package xdg resolves the XDG base directories, as XDG libraries do: a
// package variable filled at start-up from the environment or the home
// directory, and a helper that joins a caller's name below it.
package xdg

import (
	"os"
	"path/filepath"
)

// ConfigHome is the user's configuration base, shared by every program.
var ConfigHome string

func init() {
	ConfigHome = os.Getenv("XDG_CONFIG_HOME")
	if ConfigHome == "" {
		home, _ := os.UserHomeDir()
		ConfigHome = filepath.Join(home, ".config")
	}
}

// ConfigFile returns rel below ConfigHome, creating its directory.
func ConfigFile(rel string) (string, error) {
	p := filepath.Join(ConfigHome, rel)
	return p, os.MkdirAll(filepath.Dir(p), 0o755)
}

// SearchFile returns rel below the first of the configuration bases
// where its directory can be made, through a helper that joins the name
// below each candidate base in turn.
func SearchFile(rel string) (string, error) {
	return firstMade(rel, []string{ConfigHome})
}

func firstMade(name string, candidates []string) (string, error) {
	var err error
	for _, c := range candidates {
		p := filepath.Join(c, name)
		if err = os.MkdirAll(filepath.Dir(p), 0o755); err == nil {
			return p, nil
		}
	}
	return "", err
}
