// Package main: (another module) a constructor declared an authority returns a
// struct of resolved directories (an XDG library's base directory
// specification); what it stores into the struct's fields is the root it
// resolves, not a path built on the home directory by hand, wherever the
// program reads a field of the struct it returned.
package main

import (
	"os"
	"path/filepath"

	"example.com/basedirs"
)

// config keeps the directories of the program, resolved once.
type config struct {
	cacheDir string
	dataDir  string
}

func newConfig() (*config, error) {
	spec, err := basedirs.New()
	if err != nil {
		return nil, err
	}
	return configFrom(spec), nil
}

// configFrom takes the program's directories below the resolved bases.
func configFrom(spec *basedirs.Spec) *config {
	return &config{
		cacheDir: filepath.Join(spec.CacheHome, "myapp"),
		dataDir:  filepath.Join(spec.DataHome, "myapp"),
	}
}

func purge() error {
	c, err := newConfig()
	if err != nil {
		return err
	}
	if err := os.RemoveAll(c.cacheDir); err != nil { // ok: below the authority's cache directory
		return err
	}
	return os.WriteFile(filepath.Join(c.dataDir, "state.json"), nil, 0o600) // ok: below the authority's data directory
}

func home() error {
	home, err := os.UserHomeDir()
	if err != nil {
		return err
	}
	return os.WriteFile(filepath.Join(home, ".myapp.json"), nil, 0o600) // want `under the home directory`
}

func main() {
	_ = purge()
	_ = home()
}
