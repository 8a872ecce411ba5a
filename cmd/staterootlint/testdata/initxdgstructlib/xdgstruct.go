// Package xdgstruct resolves the XDG base directories as some XDG
// libraries do: into the fields of one unexported value when the package
// is initialised (and again by Reload), copied into exported variables,
// with helpers that join a caller's name below a base and create its
// parent directory in the first base where that works.
package xdgstruct

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
)

// bases holds the resolved base directories.
type bases struct {
	configHome string
	configDirs []string
	stateHome  string
	dataHome   string
	cacheHome  string
}

// dirs is the one value the helpers read.
var dirs bases

// ConfigHome, StateHome, DataHome and CacheHome are copies of the
// resolved bases, shared by every program.
var ConfigHome, StateHome, DataHome, CacheHome string

func init() { Reload() }

// Reload resolves the bases again from the environment, else below the
// home directory.
func Reload() {
	home, _ := os.UserHomeDir()
	dirs.configHome = fromEnv("XDG_CONFIG_HOME", filepath.Join(home, ".config"))
	dirs.configDirs = listFromEnv("XDG_CONFIG_DIRS", "/etc/xdg")
	dirs.stateHome = fromEnv("XDG_STATE_HOME", filepath.Join(home, ".local", "state"))
	dirs.dataHome = fromEnv("XDG_DATA_HOME", filepath.Join(home, ".local", "share"))
	dirs.cacheHome = fromEnv("XDG_CACHE_HOME", filepath.Join(home, ".cache"))
	ConfigHome, StateHome, DataHome, CacheHome = dirs.configHome, dirs.stateHome, dirs.dataHome, dirs.cacheHome
}

// ConfigFile returns rel below the first configuration base where its
// directory can be made.
func ConfigFile(rel string) (string, error) { return dirs.configFile(rel) }

// StateFile returns rel below the state base, its directory made.
func StateFile(rel string) (string, error) { return dirs.stateFile(rel) }

// DataFile returns rel below the data base, its directory made.
func DataFile(rel string) (string, error) { return dirs.dataFile(rel) }

// CacheFile returns rel below the cache base, its directory made.
func CacheFile(rel string) (string, error) { return firstMade(rel, []string{dirs.cacheHome}) }

func (b bases) configFile(rel string) (string, error) {
	return firstMade(rel, append([]string{b.configHome}, b.configDirs...))
}

func (b bases) stateFile(rel string) (string, error) { return firstMade(rel, []string{b.stateHome}) }

func (b bases) dataFile(rel string) (string, error) { return firstMade(rel, []string{b.dataHome}) }

// firstMade joins name below the first of candidates whose directory for
// it exists or can be made.
func firstMade(name string, candidates []string) (string, error) {
	for _, c := range candidates {
		p := filepath.Join(c, name)
		if err := os.MkdirAll(filepath.Dir(p), 0o700); err == nil {
			return p, nil
		}
	}
	return "", errors.New("no base directory for " + name)
}

func fromEnv(name, def string) string {
	if v := os.Getenv(name); filepath.IsAbs(v) {
		return v
	}
	return def
}

func listFromEnv(name string, def ...string) []string {
	if v := os.Getenv(name); v != "" {
		return strings.Split(v, string(os.PathListSeparator))
	}
	return def
}
