// Package legacy reads the configuration of the program's first
// versions, which kept the root store's path in a file of its own.
package legacy

import (
	"os"
	"path/filepath"

	"example.com/initfieldstore/internal/clean"
	"example.com/initfieldstore/internal/home"
)

// StoreDir is where the first versions kept the root store: as
// config.StoreDir, which it was copied from.
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

// Config is the old configuration: the root store's path.
type Config struct {
	Path string
}

// Load returns the old configuration, its path defaulted.
func Load() *Config {
	return &Config{Path: StoreDir("")}
}
