// Package dirs resolves the program's configuration and cache
// directories.
package dirs

import (
	"os"
	"path/filepath"
)

// ConfigDir is $CACHERES_CONFIG_DIR, else ~/.cacheres.
func ConfigDir() string {
	if d := os.Getenv("CACHERES_CONFIG_DIR"); d != "" {
		return d
	}
	home, _ := os.UserHomeDir()
	return filepath.Join(home, ".cacheres")
}

// CacheDir is $CACHERES_CACHE_DIR, else $XDG_CACHE_HOME/cacheres, else
// ~/.cache/cacheres.
func CacheDir() string {
	if d := os.Getenv("CACHERES_CACHE_DIR"); d != "" {
		return d
	}
	if x := os.Getenv("XDG_CACHE_HOME"); x != "" {
		return filepath.Join(x, "cacheres")
	}
	home, _ := os.UserHomeDir()
	return filepath.Join(home, ".cache", "cacheres")
}

// ModelCache is $CACHERES_MODELS, else models in the user cache
// directory.
func ModelCache() string {
	if d := os.Getenv("CACHERES_MODELS"); d != "" {
		return d
	}
	c, _ := os.UserCacheDir()
	return filepath.Join(c, "cacheres", "models")
}
