// Package search finds a configuration file in a list of directories,
// as configuration libraries do: the caller adds the directories to a
// package-level finder, which keeps them in a field, looks for the file
// in each and remembers the one it found.
package search

import (
	"os"
	"path/filepath"
	"strings"
)

// Finder keeps the directories a configuration file is searched in.
type Finder struct {
	paths []string
	used  string
}

var std = &Finder{}

// AddConfigPath adds dir to the directories the package's finder
// searches, after those added before.
func AddConfigPath(dir string) { std.AddConfigPath(dir) }

// ReadInConfig looks for name in the package's finder's directories.
func ReadInConfig(name string) { std.ReadInConfig(name) }

// ConfigFileUsed returns the file the package's finder found, or "".
func ConfigFileUsed() string { return std.ConfigFileUsed() }

// AddConfigPath adds dir to the directories searched, after those added
// before.
func (f *Finder) AddConfigPath(dir string) {
	if dir != "" {
		f.paths = append(f.paths, absPath(dir))
	}
}

// absPath expands a leading $HOME or ~ and makes dir absolute.
func absPath(dir string) string {
	if dir == "$HOME" || strings.HasPrefix(dir, "$HOME/") || strings.HasPrefix(dir, "~/") {
		home, _ := os.UserHomeDir()
		_, rest, _ := strings.Cut(dir, "/")
		return filepath.Join(home, rest)
	}
	if p, err := filepath.Abs(dir); err == nil {
		return p
	}
	return dir
}

// ReadInConfig looks for name in each directory and remembers the first
// file found.
func (f *Finder) ReadInConfig(name string) {
	for _, d := range f.paths {
		p := filepath.Join(d, name)
		if _, err := os.Stat(p); err == nil {
			f.used = p
			return
		}
	}
}

// ConfigFileUsed returns the file ReadInConfig found, or "".
func (f *Finder) ConfigFileUsed() string { return f.used }
