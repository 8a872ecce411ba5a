// Package xdgspec resolves the XDG base directories into the fields of
// a struct, as github.com/twpayne/go-xdg does: each base is shared by
// every program, which joins its own name below it.
package xdgspec

import (
	"os"
	"path/filepath"
)

// BaseDirectorySpecification holds the XDG base directories.
type BaseDirectorySpecification struct {
	ConfigHome string
	ConfigDirs []string
	DataHome   string
	CacheHome  string
}

// GetenvFunc gets an environment variable, like os.Getenv.
type GetenvFunc func(string) string

// NewBaseDirectorySpecification returns the base directories of the
// user's environment.
func NewBaseDirectorySpecification() (*BaseDirectorySpecification, error) {
	home, err := os.UserHomeDir()
	if err != nil {
		return nil, err
	}
	return NewTestBaseDirectorySpecification(home, os.Getenv), nil
}

// NewTestBaseDirectorySpecification returns the base directories below
// homeDir, overridden by what getenv returns.
func NewTestBaseDirectorySpecification(homeDir string, getenv GetenvFunc) *BaseDirectorySpecification {
	configHome := firstNonEmpty(getenv("XDG_CONFIG_HOME"), filepath.Join(homeDir, ".config"))
	return &BaseDirectorySpecification{
		ConfigHome: configHome,
		ConfigDirs: append([]string{configHome}, filepath.SplitList(firstNonEmpty(getenv("XDG_CONFIG_DIRS"), "/etc/xdg"))...),
		DataHome:   firstNonEmpty(getenv("XDG_DATA_HOME"), filepath.Join(homeDir, ".local", "share")),
		CacheHome:  firstNonEmpty(getenv("XDG_CACHE_HOME"), filepath.Join(homeDir, ".cache")),
	}
}

func firstNonEmpty(ss ...string) string {
	for _, s := range ss {
		if s != "" {
			return s
		}
	}
	return ""
}
