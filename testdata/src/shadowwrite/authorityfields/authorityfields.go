// Package authorityfields: a constructor declared an authority returns a
// struct of resolved directories (an XDG library's base directory
// specification); what it stores into the struct's fields is the root it
// resolves, not a path built on the home directory by hand, wherever the
// program reads a field of the struct it returned: where it called the
// constructor, or in a helper it hands the struct to.
package authorityfields

import (
	"os"
	"path/filepath"

	"shadowwrite/authorityfields/basedirs"
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
	return &config{
		cacheDir: filepath.Join(spec.CacheHome, "myapp"),
		dataDir:  filepath.Join(spec.DataHome, "myapp"),
	}, nil
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

// logs keeps the directory of the program's logs.
type logs struct{ dir string }

// logsFrom takes the logs' directory below a resolved base.
func logsFrom(spec *basedirs.Spec) *logs {
	return &logs{dir: filepath.Join(spec.ConfigHome, "myapp", "logs")}
}

func rotate() error {
	spec, err := basedirs.New()
	if err != nil {
		return err
	}
	l := logsFrom(spec)
	return os.Remove(filepath.Join(l.dir, "old.log")) // ok: below the authority's configuration directory
}

func home() error {
	home, err := os.UserHomeDir()
	if err != nil {
		return err
	}
	return os.WriteFile(filepath.Join(home, ".myapp.json"), nil, 0o600) // want `under the home directory`
}
