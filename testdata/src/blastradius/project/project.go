// Package project declares the entries its functions may write at the
// project root, and blastradius holds them to it.
package project

import (
	"os"
	"path/filepath"

	"github.com/staterootlint/staterootlint/stateroots"
)

func writeAt(p string, data []byte) error { return os.WriteFile(p, data, 0o644) }

// lock writes the lock file and the state directory, as declared.
//
//staterootlint:may-write project:px.lock repo:**
func lock(c *stateroots.DirContext, data []byte) error { // ok: within the radius
	if err := writeAt(filepath.Join(c.ProjectRoot(), "px.lock"), data); err != nil {
		return err
	}
	return writeAt(filepath.Join(c.RepoStateRoot(), "runs.db"), data)
}

// build declares dist/ but also leaves a stray file at the project root.
//
//staterootlint:may-write project:dist/**
func build(c *stateroots.DirContext, data []byte) error { // want `build may write only project:dist/\*\*, but it reaches os.WriteFile of project:build.log at project.go:12 via project.writeAt`
	if err := writeAt(filepath.Join(c.ProjectRoot(), "dist", "app.tar"), data); err != nil {
		return err
	}
	return writeAt(filepath.Join(c.ProjectRoot(), "build.log"), data) // (shadowwrite reports the line; blastradius the function above)
}

// status is read-only, and says so.
//
//staterootlint:may-write none
func status(c *stateroots.DirContext) ([]byte, error) { // ok: reads only
	return os.ReadFile(filepath.Join(c.ProjectRoot(), "px.lock"))
}
