// Package homedirlib: the home directory a common library resolves
// (go-homedir's Dir) is the home directory, as os.UserHomeDir's is, and a
// "~" replaced by it is expanded (go-app-paths' expandUser).
package homedirlib

import (
	"os"
	"path/filepath"
	"strings"

	"github.com/mitchellh/go-homedir"
)

// expandUser replaces "~" with the home directory.
func expandUser(path string) string {
	if u, err := homedir.Dir(); err == nil {
		return strings.Replace(path, "~", u, -1)
	}
	return path
}

// Run writes below the home directory.
func Run(data []byte) {
	home, err := homedir.Dir()
	if err != nil {
		return
	}
	_ = os.WriteFile(filepath.Join(home, ".homedirlib", "state.json"), data, 0o600) // want `os.WriteFile writes a path under the home directory from homedir.Dir \(homedirlib.go:24\), outside every state root`
	// Where there is no home directory, expandUser returns the literal
	// as it is: relative to the working directory then.
	_ = os.WriteFile(expandUser("~/.local/share/homedirlib"), data, 0o600) // want `os.WriteFile writes "~/.local/share/homedirlib" relative to the working directory or a path under the home directory from homedir.Dir, outside every state root`
}
