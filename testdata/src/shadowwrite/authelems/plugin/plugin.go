// Package plugin: an authority that takes path elements joins them below
// its root, so the directory of what it returns for elements is below the
// root, not its parent.
package plugin

import (
	"os"
	"path/filepath"

	"shadowwrite/authelems/paths"
)

// Installer installs one plugin.
type Installer struct{ name string }

// Path is where the plugin goes.
func (i Installer) Path() string { return paths.DataPath("plugins", i.name) }

// Install writes the plugin's index beside it.
func (i Installer) Install() error {
	return os.WriteFile(filepath.Join(filepath.Dir(i.Path()), "index.yaml"), nil, 0o644) // ok: the plugins directory, below the root
}

func parentOfRoot() error {
	return os.WriteFile(filepath.Join(filepath.Dir(paths.DataPath()), "x"), nil, 0o644) // want `os.WriteFile writes the parent of a global state root`
}
