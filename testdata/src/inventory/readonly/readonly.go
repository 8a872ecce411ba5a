package readonly

// This fixture writes nothing, so it has no artifacts and no fact.

import (
	"os"
	"path/filepath"

	"github.com/staterootlint/staterootlint/stateroots"
)

func load(project string) ([]byte, error) { // ok: a read
	repo, err := stateroots.RepoStateRoot(project, "px")
	if err != nil {
		return nil, err
	}
	return os.ReadFile(filepath.Join(repo, "state.json"))
}

func open(path string) (*os.File, error) { // ok: opened read-only
	return os.OpenFile(path, os.O_RDONLY, 0)
}
