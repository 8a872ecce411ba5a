// Package scopepaths resolves an application's directories as
// go-app-paths-style libraries do: a Scope names the application, its
// exported methods join the application's name below a base that
// unexported methods resolve from the XDG variables, the home directory
// or a system-wide default.
package scopepaths

import (
	"os"
	"path/filepath"
	"strings"
)

// ScopeType says whose directories a Scope resolves.
type ScopeType int

// The scope types.
const (
	System ScopeType = iota
	User
)

// Scope is an application's place among the directories.
type Scope struct {
	Type ScopeType
	App  string
}

var (
	defaultConfigDirs = []string{"/etc/xdg", "/etc"}
	defaultCacheDir   = "/var/cache"
)

// NewScope returns the scope of app.
func NewScope(t ScopeType, app string) *Scope { return &Scope{Type: t, App: app} }

// ConfigDirs returns the application's configuration directories, the
// user's first.
func (s *Scope) ConfigDirs() ([]string, error) {
	var sl []string
	for _, v := range s.configDirs() {
		sl = append(sl, s.appendPaths(v))
	}
	return sl, nil
}

// CacheDir returns the application's cache directory.
func (s *Scope) CacheDir() (string, error) {
	p, err := s.cacheDir()
	if err != nil {
		return p, err
	}
	return s.appendPaths(p), nil
}

// DataPath returns filename in the application's data directory.
func (s *Scope) DataPath(filename string) (string, error) {
	p, err := s.dataDir()
	if err != nil {
		return p, err
	}
	return s.appendPaths(p, filename), nil
}

func (s *Scope) appendPaths(p string, parts ...string) string {
	return filepath.Join(append([]string{p, s.App}, parts...)...)
}

func (s *Scope) configDir() (string, error) {
	switch s.Type {
	case System:
		return defaultConfigDirs[0], nil
	}
	if p := os.Getenv("XDG_CONFIG_HOME"); p != "" {
		return p, nil
	}
	return expandUser("~/.config"), nil
}

// expandUser replaces a leading ~ of path by the home directory.
func expandUser(path string) string {
	if rest, ok := strings.CutPrefix(path, "~"); ok {
		if home, err := os.UserHomeDir(); err == nil {
			return home + rest
		}
	}
	return path
}

func (s *Scope) configDirs() []string {
	var sl []string
	if s.Type == User {
		p, _ := s.configDir()
		sl = append(sl, p)
	}
	return append(sl, defaultConfigDirs...)
}

func (s *Scope) cacheDir() (string, error) {
	switch s.Type {
	case System:
		return defaultCacheDir, nil
	}
	if p := os.Getenv("XDG_CACHE_HOME"); p != "" {
		return p, nil
	}
	home, err := os.UserHomeDir()
	return filepath.Join(home, ".cache"), err
}

func (s *Scope) dataDir() (string, error) {
	if p := os.Getenv("XDG_DATA_HOME"); p != "" {
		return p, nil
	}
	home, err := os.UserHomeDir()
	return filepath.Join(home, ".local", "share"), err
}
