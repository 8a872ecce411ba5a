// Package config loads the program's settings: its data directory is
// $FIELDROOT_DATA_DIR, else the default "~/.fieldroot" expanded against
// the home directory.
package config

import (
	"os"
	"path/filepath"
	"strings"
)

// DefaultDataDir is where the program keeps its data when nothing says
// otherwise.
const DefaultDataDir = "~/.fieldroot"

// Config is the program's settings.
type Config struct {
	DataDir string
	Model   string
}

// Load fills a Config from the environment.
func Load() *Config {
	c := &Config{Model: os.Getenv("FIELDROOT_MODEL")}
	if d := os.Getenv("FIELDROOT_DATA_DIR"); d != "" {
		c.DataDir = d
	} else {
		c.DataDir = ExpandHome(DefaultDataDir)
	}
	return c
}

// ExpandHome expands a leading ~/ against the home directory: it
// returns the home directory itself for "~".
func ExpandHome(p string) string {
	if p == "~" || strings.HasPrefix(p, "~/") {
		home, _ := os.UserHomeDir()
		return filepath.Join(home, strings.TrimPrefix(p, "~"))
	}
	return p
}
