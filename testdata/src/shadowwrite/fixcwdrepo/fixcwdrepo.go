// Package fixcwdrepo writes a fixed name in the working directory of a
// program that has a repo authority: the fix moves it under the repo
// root; declaring it the command's product is the alternative.
package fixcwdrepo

import (
	"os"
	"path/filepath"
)

// RepoRoot is the program's repo-local state root.
//
//staterootlint:authority repo
func RepoRoot() (string, error) {
	return filepath.Abs(".myapp")
}

// record keeps the last state where the command runs.
func record(data []byte) error {
	return os.WriteFile("state.json", data, 0o644) // want `os\.WriteFile writes "state\.json" relative to the working directory`
}
