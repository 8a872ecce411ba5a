// Package runner is the program's code: it keeps a build log in a
// directory it makes in the working directory.
package runner

import (
	"os"
	"path/filepath"
)

// Run writes the build log.
func Run() {
	_ = os.MkdirAll("tmp", 0o755)
	_ = os.WriteFile(filepath.Join("tmp", "build-errors.log"), nil, 0o644)
}
