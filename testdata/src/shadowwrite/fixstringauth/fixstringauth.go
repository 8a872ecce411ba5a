// Package fixstringauth has an authority that returns a string: the fix
// calls it in place of the hand-built root, and needs no error handling.
// The test configures -state-dir=.myapp.
package fixstringauth

import (
	"fmt"
	"os"
	"path/filepath"
)

// StateDir is the program's global state root.
//
//staterootlint:authority global
func StateDir() string { return os.Getenv("MYAPP_HOME") }

// saveCache writes below ~/.myapp and also prints the home directory, so
// the home directory stays.
func saveCache(data []byte) {
	home, _ := os.UserHomeDir()
	fmt.Println("home:", home)
	os.WriteFile(filepath.Join(home, ".myapp", "cache", "index"), data, 0o644) // want `os\.WriteFile writes a path under the home directory`
}

// saveIndex uses the home directory for the state dir only: its lookup goes.
func saveIndex(data []byte) {
	home := os.Getenv("HOME")
	os.WriteFile(filepath.Join(home, ".myapp", "index"), data, 0o644) // want `os\.WriteFile writes a path from the environment variable HOME`
}
