// Package cmd is the program's commands and their configuration.
package cmd

import (
	"flag"
	"os"
	"path/filepath"

	"example.com/initxdgwrap/internal/home"
	"example.com/xdgspec"
)

// Config is the program's configuration.
type Config struct {
	homeDir    string
	bds        *xdgspec.BaseDirectorySpecification
	configFile string
	sourceDir  home.AbsPath
	// destDir is the tree of the user's files the program manages: the
	// --destination flag, by default the home directory.
	destDir home.AbsPath
	// workDir is where the program runs the user's editor: read only.
	workDir home.AbsPath
}

func newConfig() (*Config, error) {
	homeDir, err := home.UserHomeDir()
	if err != nil {
		return nil, err
	}
	bds, err := xdgspec.NewBaseDirectorySpecification()
	if err != nil {
		return nil, err
	}
	c := &Config{homeDir: homeDir, bds: bds}
	c.destDir = home.AbsPath(c.homeDir)
	c.workDir = home.AbsPath(c.homeDir)
	return c, nil
}

// defaultConfigFile returns the configuration file: the first existing
// one in the config directories, else the one below the config home.
func (c *Config) defaultConfigFile(bds *xdgspec.BaseDirectorySpecification) string {
	for _, dir := range bds.ConfigDirs {
		p := filepath.Join(home.Expand(dir, c.homeDir), "initxdgwrap", "initxdgwrap.toml")
		if _, err := os.Stat(p); err == nil {
			return p
		}
	}
	return filepath.Join(home.Expand(bds.ConfigHome, c.homeDir), "initxdgwrap", "initxdgwrap.toml")
}

// defaultSourceDir returns the source directory below the data home,
// joined by the path type's own method.
func (c *Config) defaultSourceDir(bds *xdgspec.BaseDirectorySpecification) home.AbsPath {
	return home.AbsPath(home.Expand(bds.DataHome, c.homeDir)).JoinString("initxdgwrap")
}

// defaults are the configuration's defaults.
type defaults struct {
	cacheDir string
	keyDir   string
}

// newDefaults returns the defaults: the cache below the cache home, the
// keys where the environment says.
func newDefaults(bds *xdgspec.BaseDirectorySpecification) defaults {
	return defaults{
		cacheDir: filepath.Join(bds.CacheHome, "initxdgwrap"),
		keyDir:   filepath.Join(os.Getenv("INITXDGWRAP_KEYDIR"), "keys"),
	}
}

// persistentStateFile is the database beside the configuration file.
func (c *Config) persistentStateFile() string {
	return filepath.Join(filepath.Dir(c.configFile), "initxdgwrapstate.db")
}

// Run runs the program.
func Run() {
	c, err := newConfig()
	if err != nil {
		return
	}
	fs := flag.NewFlagSet("initxdgwrap", flag.ContinueOnError)
	fs.Var(&c.destDir, "destination", "the `DIR` the program writes the user's files into")
	fs.Var(&c.workDir, "working-dir", "the `DIR` the editor runs in")
	if fs.Parse(os.Args[1:]) != nil {
		return
	}
	c.configFile = c.defaultConfigFile(c.bds)
	c.sourceDir = c.defaultSourceDir(c.bds)
	_ = os.MkdirAll(filepath.Dir(c.configFile), 0o755)
	_ = os.WriteFile(c.configFile, nil, 0o644)
	_ = os.WriteFile(c.persistentStateFile(), nil, 0o600)
	_ = os.MkdirAll(string(c.sourceDir), 0o755)
	_ = os.WriteFile(string(c.sourceDir.JoinString("dot_profile")), nil, 0o644)
	_ = os.WriteFile(filepath.Join(string(c.destDir), ".profile"), nil, 0o644)
	_, _ = os.ReadDir(string(c.workDir))
	d := newDefaults(c.bds)
	_ = os.MkdirAll(d.cacheDir, 0o755)
}
