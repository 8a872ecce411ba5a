// Package config decodes the project file the user writes.
package config

import (
	"encoding/json"
	"os"
)

// Project is what the user's project file says.
type Project struct {
	// Name is the project's name.
	Name string `json:"name"`
	// Dist is the directory the build's products go into.
	Dist string `json:"dist,omitempty"`
	// Binary is where the debug binary is built.
	Binary string `json:"binary,omitempty"`
}

// Load decodes the project file at path.
func Load(path string) (Project, error) {
	var p Project
	data, err := os.ReadFile(path)
	if err != nil {
		return p, err
	}
	err = json.Unmarshal(data, &p)
	return p, err
}
