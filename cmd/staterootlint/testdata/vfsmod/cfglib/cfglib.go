// Package cfglib keeps a program's settings and writes them to the file
// the program names, through the file system it holds (the disk unless
// told otherwise), as configuration libraries do.
package cfglib

import (
	"os"
	"path/filepath"

	"github.com/spf13/afero"
)

// Config holds settings and where they are written.
type Config struct {
	fs       afero.Fs
	file     string
	settings map[string]string
}

// New returns a Config on the disk.
func New() *Config { return &Config{fs: afero.NewOsFs(), settings: map[string]string{}} }

// SetFs replaces the file system.
func (c *Config) SetFs(fs afero.Fs) { c.fs = fs }

// SetConfigFile names the file WriteConfig writes.
func (c *Config) SetConfigFile(file string) { c.file = file }

// Set records a setting.
func (c *Config) Set(k, v string) { c.settings[k] = v }

// ReadConfig reads the named file.
func (c *Config) ReadConfig() error {
	_, err := os.ReadFile(c.file)
	return err
}

// WriteConfig writes the settings to the named file.
func (c *Config) WriteConfig() error {
	if err := c.fs.MkdirAll(filepath.Dir(c.file), 0o700); err != nil {
		return err
	}
	var data []byte
	for k, v := range c.settings {
		data = append(data, k+"="+v+"\n"...)
	}
	return afero.WriteFile(c.fs, c.file, data, os.FileMode(0o600))
}
