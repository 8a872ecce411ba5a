// Package artifacts stores the files a run produces, under
// <repo>/.px/runs/<run>/artifacts.
package artifacts

import (
	"fmt"
	"os"
	"path/filepath"

	"github.com/staterootlint/staterootlint/stateroots"
)

// Store is the artifact store rooted at the runs directory.
type Store struct {
	root string
}

// NewStore returns the store whose runs live under runsDir.
func NewStore(runsDir string) Store { return Store{root: runsDir} }

// Join joins elem onto the store's root; names come from tasks, so they
// are checked not to leave it.
func (s Store) Join(elem ...string) (string, error) {
	return stateroots.Join(s.root, elem...)
}

// Put writes data as the artifact name of runID. name may contain
// subdirectories but must stay inside the run's artifacts directory.
func (s Store) Put(runID, name string, data []byte) error {
	dir, err := s.Join(runID, "artifacts")
	if err != nil {
		return fmt.Errorf("store artifact: %w", err)
	}
	// Join name onto the run's own directory, not the store, so one run
	// cannot write into another's.
	p, err := stateroots.Join(dir, name)
	if err != nil {
		return fmt.Errorf("store artifact: %w", err)
	}
	parent, err := stateroots.Join(dir, filepath.Dir(name))
	if err != nil {
		return fmt.Errorf("store artifact: %w", err)
	}
	if err := os.MkdirAll(parent, 0o755); err != nil {
		return fmt.Errorf("store artifact: %w", err)
	}
	if err := os.WriteFile(p, data, 0o644); err != nil {
		return fmt.Errorf("store artifact: %w", err)
	}
	return nil
}

// Runs returns the ids of the runs that have a directory, in directory order.
func (s Store) Runs() ([]string, error) {
	es, err := os.ReadDir(s.root)
	if os.IsNotExist(err) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("list runs: %w", err)
	}
	var ids []string
	for _, e := range es {
		if e.IsDir() {
			ids = append(ids, e.Name())
		}
	}
	return ids, nil
}

// Remove deletes everything stored for runID.
func (s Store) Remove(runID string) error {
	dir, err := s.Join(runID)
	if err != nil {
		return fmt.Errorf("remove run: %w", err)
	}
	if dir == filepath.Clean(s.root) {
		// "." or "a/.." would name the store itself and delete every run.
		return fmt.Errorf("remove run %q: not a run id", runID)
	}
	if err := os.RemoveAll(dir); err != nil {
		return fmt.Errorf("remove run: %w", err)
	}
	return nil
}
