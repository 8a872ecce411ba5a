// Package missed is a program part built to write what the static
// analysis misses: a lock file created with syscall.Open, which is no
// write sink. Its inventory (inventory.json, written by staterootlint
// inventory --by-command --format json) lists only state.json, so
// guardtest's cross-check must report the lock as a gap.
package missed

import (
	"os"
	"path/filepath"
	"syscall"

	"github.com/staterootlint/staterootlint/stateroots"
)

// Save writes the state, which the analysis sees.
//
//staterootlint:command save
func Save(project string) error {
	root, err := stateroots.RepoStateRoot(project, "missed")
	if err != nil {
		return err
	}
	if err := os.MkdirAll(root, 0o755); err != nil {
		return err
	}
	return os.WriteFile(filepath.Join(root, "state.json"), []byte("{}\n"), 0o644)
}

// SaveLocked saves under a lock file it creates with a raw system call,
// which the analysis misses.
//
//staterootlint:command save-locked
func SaveLocked(project string) error {
	if err := Save(project); err != nil {
		return err
	}
	root, err := stateroots.RepoStateRoot(project, "missed")
	if err != nil {
		return err
	}
	fd, err := syscall.Open(filepath.Join(root, "sidecar.lock"), syscall.O_CREAT|syscall.O_WRONLY, 0o644)
	if err != nil {
		return err
	}
	return syscall.Close(fd)
}
