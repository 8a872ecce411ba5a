package project // want package:`artifacts\(project:dist/\*, project:px.lock, repo:run, repo:run/agent-1, repo:run/agent-1/notes.md, user\)`

// This fixture writes the entries its contract allows at the project root
// (a lock file, dist/), a run directory and a user's path resolved by the
// directory context: the inventory lists them all.

import (
	"os"
	"path/filepath"

	"github.com/staterootlint/staterootlint/stateroots"
)

// run writes what px's contract allows.
//
//staterootlint:may-write project:px.lock project:dist/** repo:run/** user
func run(c *stateroots.DirContext, name, out string, data []byte) error {
	if err := os.WriteFile(filepath.Join(c.ProjectRoot(), "px.lock"), data, 0o644); err != nil {
		return err
	}
	if err := os.WriteFile(filepath.Join(c.ProjectRoot(), "dist", name), data, 0o644); err != nil {
		return err
	}
	dir, err := c.CreateRunDir("agent-1")
	if err != nil {
		return err
	}
	if err := os.WriteFile(filepath.Join(dir, "notes.md"), data, 0o600); err != nil {
		return err
	}
	p, err := c.UserPath(out)
	if err != nil {
		return err
	}
	return os.WriteFile(p, data, 0o644)
}
