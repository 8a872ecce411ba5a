// Command initscope keeps its configuration and its log in the
// directories a scope library resolves through unexported methods.
package main

import (
	"os"
	"path/filepath"

	"example.com/scopepaths"
)

var configFile string

func main() {
	scope := scopepaths.NewScope(scopepaths.User, "initscope")
	dirs, err := scope.ConfigDirs()
	if err != nil {
		return
	}
	configFile = filepath.Join(dirs[0], "initscope.yml")
	_ = os.MkdirAll(filepath.Dir(configFile), 0o755)
	_ = os.WriteFile(configFile, nil, 0o644)

	dir, err := scope.CacheDir()
	if err != nil {
		return
	}
	_ = os.MkdirAll(dir, 0o755)
	_ = os.WriteFile(filepath.Join(dir, "initscope.log"), nil, 0o644)

	db, err := scope.DataPath("initscope.db")
	if err != nil {
		return
	}
	_ = os.WriteFile(db, nil, 0o644)
	_ = os.WriteFile(db+".bak", nil, 0o644)
}
