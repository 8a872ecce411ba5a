// Package guardedbackup: a constructor in another package keeps a path
// under the home directory in a field, set only when the user is known,
// and a method writes it only when the field is set, reached through an
// interface, a list of io.Closers or a method value. The guards decide
// whether the write runs, not where: each is a finding.
package guardedbackup

import (
	"io"
	"os"
	"path/filepath"

	"shadowwrite/guardedbackup/store"
)

func save(data []byte) error {
	dir, err := os.UserCacheDir()
	if err != nil {
		return err
	}
	var s store.Saver = store.New(filepath.Join(dir, "app", "state")) // ok: under the cache directory
	if err := s.Save(data); err != nil {                              // want `field store.fileStore.backup is assigned the home directory from user.Current\(\).HomeDir`
		return err
	}
	return store.Quiet(filepath.Join(dir, "app", "quiet")).Save(data) // ok: under the cache directory
}

// saveFunc saves through a method value.
func saveFunc(dir string, data []byte) error {
	add := store.NewJournal(filepath.Join(dir, "func")).Append
	return add(data) // want `field store.journal.backup is assigned the home directory`
}

// closeAll closes a list of io.Closers, one of which keeps a backup.
func closeAll(dir string) error {
	closers := []io.Closer{store.NewFile(filepath.Join(dir, "closer"))}
	for _, c := range closers {
		if err := c.Close(); err != nil { // want `field store.File.backup is assigned the home directory`
			return err
		}
	}
	return nil
}
