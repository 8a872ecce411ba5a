// Package input keeps the user's input history under its own authority,
// which only this package can call.
package input

import (
	"os"
	"path/filepath"
)

// historyDir is where the history is kept.
//
//staterootlint:authority global
func historyDir() string {
	home, _ := os.UserHomeDir()
	return filepath.Join(home, ".advicefit", "history")
}

// ConfigDir is the per-user configuration directory.
//
//staterootlint:authority global
func ConfigDir() string {
	home, _ := os.UserHomeDir()
	return filepath.Join(home, ".advicefit", "config")
}

// SaveHistory writes the history under its root.
func SaveHistory(data []byte) error {
	return os.WriteFile(filepath.Join(historyDir(), "h.txt"), data, 0o644) // ok: under an authority's root
}

// Remember writes beside the roots: this package can call historyDir.
func Remember(data []byte) {
	home, _ := os.UserHomeDir()
	os.WriteFile(filepath.Join(home, ".advicefit-last"), data, 0o644) // want `; derive the path from one of this program's authorities shadowwrite/advicefit/input\.ConfigDir \(global root\) or shadowwrite/advicefit/input\.historyDir \(global root\)$`
	os.WriteFile("input.log", data, 0o644)                            // want `; derive the path from a state-root authority such as stateroots\.RepoStateRoot, take it from a flag`
}
