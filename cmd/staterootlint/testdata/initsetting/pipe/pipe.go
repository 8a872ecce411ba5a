// Package pipe builds the project into its output directory, which the
// user's project file names (default "dist"), builds a debug binary in a
// name of its own when the file names none, and keeps a cache of its own
// in a fixed directory of the working directory.
package pipe

import (
	"os"
	"path/filepath"

	"example.com/initsetting/config"
)

// Defaults fills what the user left empty.
func Defaults(p *config.Project) {
	if p.Dist == "" {
		p.Dist = "dist"
	}
}

// Clean removes the output directory.
func Clean(p *config.Project) error {
	Defaults(p)
	return os.RemoveAll(p.Dist)
}

// Build writes the products and their list.
func Build(p *config.Project) error {
	Defaults(p)
	if err := os.MkdirAll(p.Dist, 0o755); err != nil {
		return err
	}
	return os.WriteFile(filepath.Join(p.Dist, "artifacts.json"), []byte("[]\n"), 0o644)
}

// Debug builds the debug binary where the user's file says, else in a
// fresh file of the working directory the program names itself.
func Debug(p *config.Project) error {
	if p.Binary == "" {
		p.Binary = freshName("debug_bin")
	}
	return os.WriteFile(p.Binary, nil, 0o755)
}

func freshName(name string) string {
	f, err := os.CreateTemp(".", name)
	if err != nil {
		return name
	}
	defer f.Close()
	return f.Name()
}

type runner struct {
	cacheDir string
}

// Cache records the build in the runner's cache.
func Cache() error {
	r := &runner{}
	if r.cacheDir == "" {
		r.cacheDir = "buildcache"
	}
	return os.WriteFile(filepath.Join(r.cacheDir, "last"), nil, 0o644)
}
