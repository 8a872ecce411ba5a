// Package project finds the project the program runs in: the nearest
// directory, from the working directory up, holding the marker
// .markertool.toml.
package project

import (
	"errors"
	"os"
	"path/filepath"
)

// Marker is the file that marks a project's root directory.
const Marker = ".markertool.toml"

// Root walks up from the working directory to the directory holding
// Marker.
func Root() (string, error) {
	dir, err := os.Getwd()
	if err != nil {
		return "", err
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, Marker)); err == nil {
			return dir, nil
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return "", errors.New("no " + Marker + " in the working directory or any parent directory")
		}
		dir = parent
	}
}
