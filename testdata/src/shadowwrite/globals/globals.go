package globals

import (
	"os"
	"path/filepath"

	"github.com/staterootlint/staterootlint/stateroots"
)

var stateRoot string

var legacyPath = filepath.Join(os.TempDir(), "x") // ok: temp

var cachePath string

func init() {
	r, err := stateroots.GlobalStateRoot("myapp")
	if err != nil {
		panic(err)
	}
	stateRoot = r
}

func setup() {
	cachePath = "cache.db" // want `variable globals.cachePath is assigned "cache.db" relative to the working directory, and it is written \(os.WriteFile at globals.go:31\)`
}

func writes(data []byte) {
	os.WriteFile(filepath.Join(stateRoot, "x"), data, 0o644) // ok: only ever assigned a root
	os.WriteFile(legacyPath, data, 0o644)                    // ok
	os.WriteFile(cachePath, data, 0o644)
	os.WriteFile(filepath.Join(configured, "y"), data, 0o644) // ok: configured as an authority
}

// configured is named as an authority in the configuration.
var configured string

// Run sets the cache up and writes data.
func Run(data []byte) {
	setup()
	writes(data)
}
