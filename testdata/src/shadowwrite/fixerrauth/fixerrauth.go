// Package fixerrauth has an authority that returns (string, error): the
// fix calls it in a statement before the path's first use and returns its
// error, in a function that returns one. The test configures
// -state-dir=.myapp.
package fixerrauth

import (
	"fmt"
	"os"
	"path/filepath"
)

// GlobalDir is the program's global state root.
//
//staterootlint:authority global
func GlobalDir() (string, error) { return os.Getenv("MYAPP_HOME"), nil }

// saveLog prints the home directory too, so it stays.
func saveLog(data []byte) (int, error) {
	home, _ := os.UserHomeDir()
	fmt.Println("home:", home)
	p := filepath.Join(home, ".myapp", "logs", "last.log")
	return len(data), os.WriteFile(p, data, 0o644) // want `os\.WriteFile writes a path under the home directory`
}
