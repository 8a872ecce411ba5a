// Package mergedwrites: two writes require one field, each climbing out
// of the root its own way; the store is one finding, naming each write
// with its own.
package mergedwrites

import (
	"os"
	"path/filepath"

	"github.com/staterootlint/staterootlint/stateroots"
)

// config holds the program's data directory.
type config struct{ dataDir string }

func load() *config {
	root, _ := stateroots.GlobalStateRoot("app")
	return &config{dataDir: root} // want `climbs out of its global state root .*os.WriteFile at mergedwrites.go:22\), and .*climbs out of its global state root .*os.WriteFile at mergedwrites.go:26\); `
}

func prepare(c *config) {
	_ = os.WriteFile(filepath.Join(c.dataDir, "..", "..", "shared.idx"), nil, 0o600)
}

func index(c *config) {
	_ = os.WriteFile(filepath.Join(c.dataDir, "..", "allowed.idx"), nil, 0o600)
}

func main() {
	c := load()
	prepare(c)
	index(c)
}
