// Package fixstore stores the state dir rebuilt by hand into a field that
// a method writes: the fix goes where the path is built, in the store.
// The test configures -state-dir=.myapp.
package fixstore

import (
	"os"
	"path/filepath"

	"github.com/staterootlint/staterootlint/stateroots"
)

var _ = stateroots.Join

// Config says where the history goes.
type Config struct{ HistoryFile string }

// Save writes the history.
func (c *Config) Save(data []byte) error { return os.WriteFile(c.HistoryFile, data, 0o644) }

// Run builds the path by hand, stores it and saves.
func Run(data []byte) error {
	var c Config
	home, err := os.UserHomeDir()
	if err != nil {
		return err
	}
	c.HistoryFile = filepath.Join(home, ".myapp", "history") // want `HistoryFile is assigned a path under the home directory`
	return c.Save(data)
}
