// Package dirempty: filepath.Dir of "" is ".", the working directory
// itself, not its parent; what is joined below it is relative to it.
package dirempty

import (
	"os"
	"path/filepath"
)

// pluginPath is where a plugin from src goes, "" when there is none.
func pluginPath(root, src string) string {
	if src == "" {
		return ""
	}
	return filepath.Join(root, "plugins", filepath.Base(src))
}

func install(src string) error {
	root, err := os.UserConfigDir()
	if err != nil {
		return err
	}
	return os.MkdirAll(filepath.Dir(pluginPath(root, src)), 0o755) // want `os.MkdirAll writes a path under the user config directory`
}

func besideNothing(data []byte) error {
	return os.WriteFile(filepath.Join(filepath.Dir(""), "notes.txt"), data, 0o644) // want `os.WriteFile writes "notes.txt" relative to the working directory`
}
