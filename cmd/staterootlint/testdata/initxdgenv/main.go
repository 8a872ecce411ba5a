// Command initxdgenv keeps its configuration in the first of a list of
// directories it builds itself (glow's shape): its own override
// variable, then its name below $XDG_CONFIG_HOME, read and joined in its
// own code, then the directories a scope library resolves. The list is
// handed on, and the file's path kept in a package variable another
// function writes. Its log is in the scope's cache directory. It also
// writes a report right below $XDG_DATA_HOME, with no name of its own
// there: no sign of a directory of the program's below that base.
package main

import (
	"os"
	"path/filepath"

	"example.com/scopepaths"
)

var configFile string

var places []string

func main() {
	findConfig()
	writeConfig()

	if dir, err := scopepaths.NewScope(scopepaths.User, "initxdgenv").CacheDir(); err == nil {
		_ = os.MkdirAll(dir, 0o755)
		_ = os.WriteFile(filepath.Join(dir, "initxdgenv.log"), nil, 0o644)
	}

	if c := os.Getenv("XDG_DATA_HOME"); c != "" {
		_ = os.WriteFile(filepath.Join(c, "report.txt"), nil, 0o644)
	}
}

func findConfig() {
	scope := scopepaths.NewScope(scopepaths.User, "initxdgenv")
	dirs, err := scope.ConfigDirs()
	if err != nil {
		return
	}
	if c := os.Getenv("XDG_CONFIG_HOME"); c != "" {
		dirs = append([]string{filepath.Join(c, "initxdgenv")}, dirs...)
	}
	if c := os.Getenv("INITXDGENV_CONFIG_HOME"); c != "" {
		dirs = append([]string{c}, dirs...)
	}
	places = append(places, dirs...)
	configFile = filepath.Join(dirs[0], "initxdgenv.yml")
}

func writeConfig() {
	_ = os.MkdirAll(filepath.Dir(configFile), 0o755)
	_ = os.WriteFile(configFile, nil, 0o644)
}
