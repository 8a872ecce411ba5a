package crosspkg // want package:`artifacts\(hub:index.json, temp:store.lock\)`

// This fixture writes through another package's helpers.

import (
	"path/filepath"

	"github.com/staterootlint/staterootlint/stateroots"

	"inventory/crosspkg/store"
)

func index(hub string, data []byte) error {
	root, err := stateroots.HubStateRoot(hub, "px")
	if err != nil {
		return err
	}
	if err := store.Lock(); err != nil {
		return err
	}
	return store.Save(filepath.Join(root, "index.json"), data)
}
