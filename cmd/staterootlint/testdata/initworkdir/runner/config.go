// Package runner rebuilds and reruns the user's project on every change,
// keeping its scratch files in a directory below the project.
package runner

import (
	"encoding/json"
	"os"
	"path/filepath"
)

// Config is what the user's project file sets.
type Config struct {
	// Root is the project directory: the working directory, or
	// $wdtool_wd, which the tool also changes into.
	Root string `json:"root"`
	// ScratchDir is where the tool keeps its files, relative to Root
	// unless absolute.
	ScratchDir string `json:"scratch_dir"`
	// Bin is the program the user's build command makes.
	Bin string `json:"bin"`
	// ErrorLog is the file build errors are appended to, in ScratchDir.
	ErrorLog string `json:"error_log"`
}

func defaults() Config {
	return Config{Root: ".", ScratchDir: "scratch", Bin: "scratch/app", ErrorLog: "errors.log"}
}

// Load reads the project file over the defaults and settles the
// project directory.
func Load(file string) (*Config, error) {
	c := defaults()
	if data, err := os.ReadFile(file); err == nil {
		if err := json.Unmarshal(data, &c); err != nil {
			return nil, err
		}
	}
	if wd := os.Getenv("wdtool_wd"); wd != "" {
		if err := os.Chdir(wd); err != nil {
			return nil, err
		}
		c.Root = wd
	}
	abs, err := filepath.Abs(c.Root)
	if err != nil {
		return nil, err
	}
	c.Root = abs
	return &c, nil
}

func joinPath(root, p string) string {
	if filepath.IsAbs(p) {
		return p
	}
	return filepath.Join(root, p)
}

func (c *Config) scratchPath() string { return joinPath(c.Root, c.ScratchDir) }

func (c *Config) binPath() string { return joinPath(c.Root, c.Bin) }

func (c *Config) errorLogPath() string { return joinPath(c.scratchPath(), c.ErrorLog) }
