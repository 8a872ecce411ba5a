// Package config resolves where the program keeps its stores and keeps
// their paths by name.
package config

import (
	"os"
	"path/filepath"

	"example.com/initfieldstore/internal/clean"
	"example.com/initfieldstore/internal/home"
)

// StoreDir is the directory of the store mounted at mount: for the
// root store $FSTORE_STORE_DIR, else an existing ~/.fstore-store, else
// the data directory's stores/root.
func StoreDir(mount string) string {
	if mount != "" {
		return clean.Path(filepath.Join(home.Data(), "stores", mount))
	}
	if d := os.Getenv("FSTORE_STORE_DIR"); d != "" {
		return clean.Path(d)
	}
	if old := filepath.Join(home.Dir(), ".fstore-store"); isDir(old) {
		return old
	}
	return clean.Path(filepath.Join(home.Data(), "stores", "root"))
}

func isDir(p string) bool {
	fi, err := os.Stat(p)
	return err == nil && fi.IsDir()
}

// Config holds the mounted stores' paths by mount name ("" the root).
type Config struct {
	mounts map[string]string
}

// New is a configuration with the root store at its default place.
func New() *Config {
	return &Config{mounts: map[string]string{"": StoreDir("")}}
}

// SetPath mounts the store at path under mount.
func (c *Config) SetPath(mount, path string) { c.mounts[mount] = path }

// Path is the path of the store mounted under mount.
func (c *Config) Path(mount string) string { return c.mounts[mount] }
