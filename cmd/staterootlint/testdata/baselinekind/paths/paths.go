// Package paths is the program's own state-root resolver.
package paths

import (
	"os"
	"path/filepath"
)

// StateDir is where the program keeps its state.
func StateDir() string {
	home, _ := os.UserHomeDir()
	return filepath.Join(home, ".bk")
}
