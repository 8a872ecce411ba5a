// Command initoverride keeps its configuration in the first of a list of
// directories: its own override variable, read once where the list is
// built, then the directories a scope library resolves (glow's shape).
// It also dumps a report under a directory variable it reads once, with
// nothing to fall back on: no override of a directory of its own.
package main

import (
	"os"
	"path/filepath"

	"example.com/scopepaths"
)

var configFile string

func main() {
	scope := scopepaths.NewScope(scopepaths.User, "initoverride")
	dirs, err := scope.ConfigDirs()
	if err != nil {
		return
	}
	if c := os.Getenv("INITOVERRIDE_CONFIG_HOME"); c != "" {
		dirs = append([]string{c}, dirs...)
	}
	configFile = filepath.Join(dirs[0], "initoverride.yml")
	_ = os.MkdirAll(filepath.Dir(configFile), 0o755)
	_ = os.WriteFile(configFile, nil, 0o644)

	dir, err := scope.CacheDir()
	if err != nil {
		return
	}
	_ = os.MkdirAll(dir, 0o755)
	_ = os.WriteFile(filepath.Join(dir, "initoverride.log"), nil, 0o644)

	_ = os.WriteFile(filepath.Join(os.Getenv("INITOVERRIDE_DUMP_DIR"), "report.txt"), nil, 0o644)
}
