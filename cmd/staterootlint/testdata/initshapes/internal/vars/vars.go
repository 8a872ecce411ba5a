// Package vars keeps the program's root in a package variable, set once
// at start-up from an override variable, $XDG_CONFIG_HOME and the home
// directory, and bound to a flag.
package vars

import (
	"flag"
	"os"
	"path/filepath"
)

// Root is the program's configuration root.
var Root string

// Old is the directory of an older release: built on the home directory
// alone, an ad hoc root (the decoy).
var Old = filepath.Join(os.Getenv("HOME"), ".shapes-old")

func init() {
	Root = os.Getenv("SHAPES_CONFIG_DIR")
	if Root != "" {
		return
	}
	if x := os.Getenv("XDG_CONFIG_HOME"); x != "" {
		Root = filepath.Join(x, "shapes")
		return
	}
	home, _ := os.UserHomeDir()
	Root = filepath.Join(home, ".shapes")
}

// Flags binds the root to a flag, its default the resolved one.
func Flags(fs *flag.FlagSet) {
	fs.StringVar(&Root, "config-dir", Root, "the configuration `DIR`")
}

// Save writes the configuration and the old release's marker.
func Save() {
	_ = os.MkdirAll(Root, 0o755)
	_ = os.WriteFile(filepath.Join(Root, "config.yaml"), nil, 0o644)
	_ = os.WriteFile(filepath.Join(Old, "a"), nil, 0o644)
	_ = os.WriteFile(filepath.Join(Old, "b"), nil, 0o644)
}
