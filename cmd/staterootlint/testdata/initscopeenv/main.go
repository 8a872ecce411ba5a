// Command initscopeenv searches its configuration in its own override
// directory, then below $XDG_CONFIG_HOME, then in a scope library's
// directories; it hands the list to a configuration library and, when
// that finds no file, writes the default one in the first directory. Its
// log goes in the scope's cache directory.
package main

import (
	"os"
	"path/filepath"

	"example.com/scopepaths"
	"example.com/scopepaths/search"
)

var configFile string

func main() {
	loadConfig()
	dir, err := scopepaths.NewScope(scopepaths.User, "initscopeenv").CacheDir()
	if err != nil {
		return
	}
	_ = os.MkdirAll(dir, 0o755)
	_ = os.WriteFile(filepath.Join(dir, "initscopeenv.log"), nil, 0o644)
}

func loadConfig() {
	dirs, err := scopepaths.NewScope(scopepaths.User, "initscopeenv").ConfigDirs()
	if err != nil {
		return
	}
	if c := os.Getenv("XDG_CONFIG_HOME"); c != "" {
		dirs = append([]string{filepath.Join(c, "initscopeenv")}, dirs...)
	}
	if c := os.Getenv("INITSCOPEENV_CONFIG_HOME"); c != "" {
		dirs = append([]string{c}, dirs...)
	}
	for _, d := range dirs {
		search.AddConfigPath(d)
	}
	search.ReadInConfig("initscopeenv.yml")
	if search.ConfigFileUsed() != "" {
		return
	}
	configFile = filepath.Join(dirs[0], "initscopeenv.yml")
	_ = ensureConfigFile()
}

func ensureConfigFile() error {
	if configFile == "" {
		configFile = search.ConfigFileUsed()
	}
	if err := os.MkdirAll(filepath.Dir(configFile), 0o755); err != nil {
		return err
	}
	return os.WriteFile(configFile, nil, 0o644)
}
