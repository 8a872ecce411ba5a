// Package unpack writes a module's files into the directory its target
// names.
package unpack

import (
	"os"
	"path/filepath"
)

// Target is where a module is unpacked.
type Target struct {
	Name string
	Dir  string
}

// Files writes the module's files into t.Dir.
func Files(t *Target, data []byte) error {
	if err := os.MkdirAll(t.Dir, 0o755); err != nil {
		return err
	}
	return os.WriteFile(filepath.Join(t.Dir, t.Name+".mod"), data, 0o644)
}
