// Package xdg resolves the XDG base directories from an environment map
// given by the caller.
package xdg

import "path/filepath"

// ConfigDir returns program's configuration directory.
func ConfigDir(env map[string]string, program string) string {
	if env["XDG_CONFIG_HOME"] != "" {
		return filepath.Join(env["XDG_CONFIG_HOME"], program)
	} else if env["HOME"] != "" {
		return filepath.Join(env["HOME"], ".config", program)
	}
	return ""
}

// DataDir returns program's data directory.
func DataDir(env map[string]string, program string) string {
	if env["XDG_DATA_HOME"] != "" {
		return filepath.Join(env["XDG_DATA_HOME"], program)
	} else if env["HOME"] != "" {
		return filepath.Join(env["HOME"], ".local", "share", program)
	}
	return ""
}

// CacheDir returns program's cache directory.
func CacheDir(env map[string]string, program string) string {
	if env["XDG_CACHE_HOME"] != "" {
		return filepath.Join(env["XDG_CACHE_HOME"], program)
	} else if env["HOME"] != "" {
		return filepath.Join(env["HOME"], ".cache", program)
	}
	return ""
}
