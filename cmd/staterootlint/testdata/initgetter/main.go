// Command initgetter writes its files where package locations says,
// through its exported getter: the getter is what its author declares.
package main

import (
	"os"
	"path/filepath"

	"example.com/initgetter/internal/locations"
)

func main() {
	if err := os.MkdirAll(filepath.Dir(locations.Get(locations.ConfigFile)), 0o700); err != nil {
		return
	}
	_ = os.WriteFile(locations.Get(locations.ConfigFile), []byte("<configuration/>"), 0o600)
	_ = os.WriteFile(locations.Get(locations.LockFile), nil, 0o600)
	defer os.Remove(locations.Get(locations.LockFile))
	_ = os.MkdirAll(locations.Get(locations.DefaultFolder), 0o700)
}
