// Package tildecall: a helper of the program's own expands a leading "~"
// onto the home directory (syncthing's fs.ExpandTilde). Called with a
// "~" the program spelled itself, its result is the home-based path that
// literal names, not "~" relative to the working directory; the branch
// that returns its argument unchanged runs only where the argument does
// not start with "~/", so it returns no such literal.
package tildecall

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
)

// expandTilde expands a leading "~" of path onto the home directory.
func expandTilde(path string) (string, error) {
	if path == "~" {
		return os.UserHomeDir()
	}
	path = filepath.FromSlash(path)
	if !strings.HasPrefix(path, fmt.Sprintf("~%c", filepath.Separator)) {
		return path, nil
	}
	home, err := os.UserHomeDir()
	if err != nil {
		return "", err
	}
	return filepath.Join(home, path[2:]), nil
}

// homeDir is the home directory, spelled "~".
func homeDir() string {
	h, err := expandTilde("~")
	if err != nil {
		panic(err)
	}
	return h
}

func save(data []byte) {
	_ = os.WriteFile(filepath.Join(homeDir(), ".tildecall", "state.json"), data, 0o600) // want `os.WriteFile writes a path under the home directory from os.UserHomeDir \(tildecall.go:34\), outside every state root`
	p, _ := expandTilde("~/.tildecall/cache.db")
	_ = os.WriteFile(p, data, 0o600) // want `os.WriteFile writes a path under the home directory from os.UserHomeDir \(tildecall.go:43\), outside every state root`
	q, _ := expandTilde("notes.txt")
	_ = os.WriteFile(q, data, 0o600) // want `os.WriteFile writes "notes.txt" relative to the working directory`
}

// Run runs the program's writes.
func Run(data []byte) { save(data) }
