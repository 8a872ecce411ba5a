// Package family has four sibling resolvers; only one feeds many writes.
package family

import (
	"os"
	"path/filepath"
)

func dir(env, xdg string, elem ...string) string {
	if d := os.Getenv(env); d != "" {
		return d
	}
	if x := os.Getenv(xdg); x != "" {
		return filepath.Join(x, "shapes")
	}
	home, _ := os.UserHomeDir()
	return filepath.Join(append([]string{home}, elem...)...)
}

// ConfigDir is $SHAPES_CONFIG_HOME, $XDG_CONFIG_HOME/shapes or ~/.config/shapes.
func ConfigDir() string {
	if d := os.Getenv("SHAPES_CONFIG_HOME"); d != "" {
		return d
	}
	if x := os.Getenv("XDG_CONFIG_HOME"); x != "" {
		return filepath.Join(x, "shapes")
	}
	home, _ := os.UserHomeDir()
	return filepath.Join(home, ".config", "shapes")
}

// StateDir is $SHAPES_STATE_HOME, $XDG_STATE_HOME/shapes or ~/.local/state/shapes.
func StateDir() string {
	if d := os.Getenv("SHAPES_STATE_HOME"); d != "" {
		return d
	}
	if x := os.Getenv("XDG_STATE_HOME"); x != "" {
		return filepath.Join(x, "shapes")
	}
	home, _ := os.UserHomeDir()
	return filepath.Join(home, ".local", "state", "shapes")
}

// DataDir is $SHAPES_DATA_HOME, $XDG_DATA_HOME/shapes or ~/.local/share/shapes.
func DataDir() string {
	if d := os.Getenv("SHAPES_DATA_HOME"); d != "" {
		return d
	}
	if x := os.Getenv("XDG_DATA_HOME"); x != "" {
		return filepath.Join(x, "shapes")
	}
	home, _ := os.UserHomeDir()
	return filepath.Join(home, ".local", "share", "shapes")
}

// CacheDir is $SHAPES_CACHE_HOME, $XDG_CACHE_HOME/shapes or the user cache directory.
func CacheDir() string {
	if d := os.Getenv("SHAPES_CACHE_HOME"); d != "" {
		return d
	}
	if x := os.Getenv("XDG_CACHE_HOME"); x != "" {
		return filepath.Join(x, "shapes")
	}
	c, _ := os.UserCacheDir()
	return filepath.Join(c, "shapes")
}

// TrashDir only joins onto the home directory: not a sibling, a decoy.
func TrashDir() string {
	home, _ := os.UserHomeDir()
	return filepath.Join(home, ".shapes-trash")
}

// Save writes mostly under ConfigDir, once under StateDir.
func Save() {
	_ = os.MkdirAll(ConfigDir(), 0o755)
	_ = os.WriteFile(filepath.Join(ConfigDir(), "a.yaml"), nil, 0o644)
	_ = os.WriteFile(filepath.Join(ConfigDir(), "b.yaml"), nil, 0o644)
	_ = os.WriteFile(filepath.Join(StateDir(), "state"), nil, 0o644)
	_ = os.WriteFile(filepath.Join(TrashDir(), "x"), nil, 0o644)
	_ = os.WriteFile(filepath.Join(TrashDir(), "y"), nil, 0o644)
}
