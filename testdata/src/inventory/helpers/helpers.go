package helpers // want package:`artifacts\(repo, repo:logs/\*.log, repo:runs.db, temp, temp:\*/\*\)`

// This fixture writes through helpers, fields and closures: each
// artifact is listed where its path becomes concrete.

import (
	"os"
	"path/filepath"

	"github.com/staterootlint/staterootlint/stateroots"
)

// Layout keeps the repo-local root in a field.
type Layout struct {
	Repo string
}

func discover(project string) (*Layout, error) {
	repo, err := stateroots.RepoStateRoot(project, "px")
	if err != nil {
		return nil, err
	}
	return &Layout{Repo: repo}, nil
}

// save writes whatever its caller names: not an artifact by itself.
func save(path string, data []byte) error {
	return os.WriteFile(path, data, 0o644)
}

// logTo creates the log of a run in dir.
func logTo(dir, run string) error {
	f, err := os.Create(filepath.Join(dir, run+".log"))
	if err != nil {
		return err
	}
	return f.Close()
}

func record(l *Layout, run string, data []byte) error {
	if err := os.MkdirAll(l.Repo, 0o755); err != nil {
		return err
	}
	if err := logTo(filepath.Join(l.Repo, "logs"), run); err != nil {
		return err
	}
	return save(filepath.Join(l.Repo, "runs.db"), data)
}

func scratch(data []byte) error {
	dir, err := os.MkdirTemp("", "px-*")
	if err != nil {
		return err
	}
	write := func(name string) error { return save(filepath.Join(dir, name), data) }
	return write("plan.txt")
}
