// Package cmd is the command: it loads its configuration from the
// environment map and records what the user allows.
package cmd

import (
	"os"
	"path/filepath"
	"strings"

	"example.com/initenvstruct/xdg"
)

// Env is the environment, by name.
type Env map[string]string

// GetEnv returns the process's environment as a map.
func GetEnv() Env {
	env := Env{}
	for _, kv := range os.Environ() {
		k, v, _ := strings.Cut(kv, "=")
		env[k] = v
	}
	return env
}

// Config holds the command's directories.
type Config struct {
	ConfDir  string
	CacheDir string
	DataDir  string
}

// LoadConfig fills the directories from env.
func LoadConfig(env Env) *Config {
	c := &Config{}
	c.ConfDir = env["INITENVSTRUCT_CONFIG"]
	if c.ConfDir == "" {
		c.ConfDir = xdg.ConfigDir(env, "initenvstruct")
	}
	c.CacheDir = xdg.CacheDir(env, "initenvstruct")
	c.DataDir = xdg.DataDir(env, "initenvstruct")
	return c
}

// AllowDir is the directory of the allow records.
func (c *Config) AllowDir() string { return filepath.Join(c.DataDir, "allow") }

// Main records that the user allows the directory they are in, moving
// the records of an older release out of the configuration directory,
// and keeps a download in the cache directory.
func Main(env Env) error {
	c := LoadConfig(env)
	old := filepath.Join(c.ConfDir, "allow")
	if _, err := os.Stat(old); err == nil {
		if err := os.MkdirAll(filepath.Dir(c.AllowDir()), 0o755); err != nil {
			return err
		}
		if err := os.Rename(old, c.AllowDir()); err != nil {
			return err
		}
	}
	if err := os.MkdirAll(c.AllowDir(), 0o755); err != nil {
		return err
	}
	if err := os.WriteFile(filepath.Join(c.AllowDir(), "record"), nil, 0o644); err != nil {
		return err
	}
	if err := os.MkdirAll(c.CacheDir, 0o755); err != nil {
		return err
	}
	return os.WriteFile(filepath.Join(c.CacheDir, "download"), nil, 0o644)
}
