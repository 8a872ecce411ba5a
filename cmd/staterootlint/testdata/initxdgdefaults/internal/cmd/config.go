// Package cmd is the program's commands and their configuration.
package cmd

import (
	"flag"
	"os"
	"path/filepath"
	"strings"

	"example.com/xdgspec"
)

// Settings are what the configuration file sets, with their defaults.
type Settings struct {
	// CacheDir is where downloads are kept: the --cache flag.
	CacheDir string
	// Pager is the pager the program runs.
	Pager string
}

// Config is the program's configuration.
type Config struct {
	Settings
	homeDir    string
	bds        *xdgspec.BaseDirectorySpecification
	configFile string
	sourceDir  string
}

// newSettings returns the defaults of the settings: the cache below the
// cache home.
func newSettings(bds *xdgspec.BaseDirectorySpecification) Settings {
	return Settings{
		CacheDir: filepath.Join(bds.CacheHome, "initxdgdefaults"),
		Pager:    os.Getenv("PAGER"),
	}
}

func newConfig() (*Config, error) {
	homeDir, err := os.UserHomeDir()
	if err != nil {
		return nil, err
	}
	bds, err := xdgspec.NewBaseDirectorySpecification()
	if err != nil {
		return nil, err
	}
	return &Config{Settings: newSettings(bds), homeDir: homeDir, bds: bds}, nil
}

// defaultConfigFile returns the configuration file below the config
// home, expanding a leading ~/ onto the home directory.
func (c *Config) defaultConfigFile(bds *xdgspec.BaseDirectorySpecification) string {
	return filepath.Join(expand(bds.ConfigHome, c.homeDir), "initxdgdefaults", "initxdgdefaults.toml")
}

// defaultSourceDir returns the source directory below the data home.
func (c *Config) defaultSourceDir(bds *xdgspec.BaseDirectorySpecification) string {
	return filepath.Join(expand(bds.DataHome, c.homeDir), "initxdgdefaults")
}

// expand returns p with a leading ~/ replaced by home.
func expand(p, home string) string {
	if rest, ok := strings.CutPrefix(p, "~/"); ok {
		return filepath.Join(home, rest)
	}
	return p
}

// purge removes everything the program keeps.
func (c *Config) purge() {
	for _, p := range []string{filepath.Dir(c.configFile), c.sourceDir, c.CacheDir} {
		_ = os.RemoveAll(p)
	}
}

// Run runs the program.
func Run() {
	c, err := newConfig()
	if err != nil {
		return
	}
	fs := flag.NewFlagSet("initxdgdefaults", flag.ContinueOnError)
	fs.StringVar(&c.CacheDir, "cache", c.CacheDir, "the `DIR` downloads are kept in")
	purge := fs.Bool("purge", false, "remove everything the program keeps")
	if fs.Parse(os.Args[1:]) != nil {
		return
	}
	c.configFile = c.defaultConfigFile(c.bds)
	c.sourceDir = c.defaultSourceDir(c.bds)
	if *purge {
		c.purge()
		return
	}
	_ = os.MkdirAll(filepath.Dir(c.configFile), 0o755)
	_ = os.WriteFile(c.configFile, nil, 0o644)
	_ = os.MkdirAll(c.sourceDir, 0o755)
	_ = os.WriteFile(filepath.Join(c.CacheDir, "index.json"), nil, 0o644)
}
