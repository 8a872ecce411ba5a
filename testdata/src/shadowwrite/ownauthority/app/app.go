// Package app writes through its own authorities, and around them.
package app

import (
	"os"
	"path/filepath"

	"shadowwrite/ownauthority/paths"
)

func cwd(data []byte) {
	os.WriteFile("app.log", data, 0o644) // want `^os\.WriteFile writes "app\.log" relative to the working directory, outside every state root; derive the path from this program's authority shadowwrite/ownauthority/paths\.RepoDir \(repo root\), take it from a flag \(such as --output\), or, if the command produces it there on purpose, declare it on the command with //staterootlint:allow-write cwd:app\.log$`
}

func home(data []byte) {
	h, _ := os.UserHomeDir()
	os.WriteFile(filepath.Join(h, ".app2", "x"), data, 0o644) // want `^os\.WriteFile writes a path under the home directory .*; derive the path from this program's authority shadowwrite/ownauthority/paths\.StateDir \(global root\)$`
}

func rooted(data []byte) error {
	dir, err := paths.StateDir()
	if err != nil {
		return err
	}
	return os.WriteFile(filepath.Join(dir, "state.json"), data, 0o644) // ok
}

func repo(project string, data []byte) error {
	return os.WriteFile(filepath.Join(paths.RepoDir(project), "lock"), data, 0o644) // ok
}
