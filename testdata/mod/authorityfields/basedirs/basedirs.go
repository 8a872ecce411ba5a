// Package basedirs resolves the base directories of the XDG
// specification into a struct, as a library does.
package basedirs

import (
	"os"
	"path/filepath"
)

// Spec holds the resolved base directories.
type Spec struct {
	ConfigHome string
	DataHome   string
	CacheHome  string
}

// New resolves each base directory from its variable, else from the
// home directory.
func New() (*Spec, error) {
	home, err := os.UserHomeDir()
	if err != nil {
		return nil, err
	}
	return &Spec{
		ConfigHome: fromEnv("XDG_CONFIG_HOME", filepath.Join(home, ".config")),
		DataHome:   fromEnv("XDG_DATA_HOME", filepath.Join(home, ".local", "share")),
		CacheHome:  fromEnv("XDG_CACHE_HOME", filepath.Join(home, ".cache")),
	}, nil
}

func fromEnv(name, fallback string) string {
	if v := os.Getenv(name); v != "" {
		return v
	}
	return fallback
}
