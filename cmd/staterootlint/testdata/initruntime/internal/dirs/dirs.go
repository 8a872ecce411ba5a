// Package dirs resolves the program's data directory and the directory
// of its socket and pid file.
package dirs

import (
	"os"
	"path/filepath"
	"strconv"
)

// DataDir is $RUNTIMEAPP_HOME, else ~/.runtimeapp.
func DataDir() string {
	if d := os.Getenv("RUNTIMEAPP_HOME"); d != "" {
		return d
	}
	home, _ := os.UserHomeDir()
	return filepath.Join(home, ".runtimeapp")
}

// RunDir is $XDG_RUNTIME_DIR/runtimeapp, else a directory in the
// temporary directory named for the user: sockets and pids, gone at
// logout.
func RunDir() string {
	if x := os.Getenv("XDG_RUNTIME_DIR"); x != "" {
		return filepath.Join(x, "runtimeapp")
	}
	return filepath.Join(os.TempDir(), "runtimeapp-"+strconv.Itoa(os.Getuid()))
}
