// Package plat resolves a directory from platform variables: its
// $LocalAppData and $AppData are inputs, not the program's overrides, and
// its ".local" is an XDG parent, not the program's state-dir.
package plat

import (
	"os"
	"path/filepath"
	"runtime"
)

// Dir is %LocalAppData%\shapes or %AppData%\shapes on Windows, else
// $SHAPES_PLAT or ~/.local/shapes-plat.
func Dir() string {
	if runtime.GOOS == "windows" {
		if d := os.Getenv("LocalAppData"); d != "" {
			return filepath.Join(d, "shapes")
		}
		return filepath.Join(os.Getenv("AppData"), "shapes")
	}
	if d := os.Getenv("SHAPES_PLAT"); d != "" {
		return d
	}
	home, _ := os.UserHomeDir()
	return filepath.Join(home, ".local", "shapes-plat")
}

// Save writes twice under Dir.
func Save() {
	_ = os.WriteFile(filepath.Join(Dir(), "a"), nil, 0o644)
	_ = os.WriteFile(filepath.Join(Dir(), "b"), nil, 0o644)
}
