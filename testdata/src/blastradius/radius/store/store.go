// Package store writes the run database and logs under a layout's roots.
package store

import (
	"os"
	"path/filepath"
)

// Layout holds the state roots.
type Layout struct {
	Repo string
}

// AppendLog appends to a run's log.
func AppendLog(l Layout, run string, line []byte) error {
	return writeAt(filepath.Join(l.Repo, "logs", run+".log"), line)
}

// SaveDB rewrites the run database.
func SaveDB(l Layout, data []byte) error {
	return writeAt(filepath.Join(l.Repo, "runs.db"), data)
}

func writeAt(p string, data []byte) error { return os.WriteFile(p, data, 0o644) }
