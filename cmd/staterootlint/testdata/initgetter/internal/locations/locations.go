// Package locations resolves the program's files once (syncthing's
// shape): the base directories from the XDG variables, else below the
// home directory, into a map; the files as templates below them,
// expanded into another map; exported getters hand them out to the rest
// of the program.
package locations

import (
	"os"
	"path/filepath"
)

// Name names one of the program's files.
type Name string

const (
	// ConfigFile is the configuration.
	ConfigFile Name = "config"
	// LockFile is the lock of the running instance.
	LockFile Name = "lock"
	// DefaultFolder is the folder a new install offers to share.
	DefaultFolder Name = "folder"
)

var baseDirs = make(map[string]string, 3)

var templates = map[Name]string{
	ConfigFile:    "${config}/config.xml",
	LockFile:      "${data}/getter.lock",
	DefaultFolder: "${home}/Shared",
}

var locations = make(map[Name]string)

func init() {
	home, err := os.UserHomeDir()
	if err != nil {
		panic(err)
	}
	baseDirs["home"] = home
	baseDirs["config"] = configDir(home)
	baseDirs["data"] = dataDir(home)
	expand()
}

// configDir is $XDG_CONFIG_HOME/getter, else ~/.config/getter.
func configDir(home string) string {
	if x := os.Getenv("XDG_CONFIG_HOME"); filepath.IsAbs(x) {
		return filepath.Join(x, "getter")
	}
	return filepath.Join(home, ".config", "getter")
}

// dataDir is $XDG_STATE_HOME/getter, else ~/.local/state/getter.
func dataDir(home string) string {
	if x := os.Getenv("XDG_STATE_HOME"); filepath.IsAbs(x) {
		return filepath.Join(x, "getter")
	}
	return filepath.Join(home, ".local", "state", "getter")
}

func expand() {
	made := make(map[Name]string)
	for name, tmpl := range templates {
		made[name] = filepath.Clean(os.Expand(tmpl, func(v string) string { return baseDirs[v] }))
	}
	locations = made
}

// Get returns one of the program's files.
func Get(name Name) string { return locations[name] }
