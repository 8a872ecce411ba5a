// Package update remembers px's last update check in the global state root,
// so repositories share it.
package update

import (
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"time"
)

// MaxAge is how long a check stays fresh.
const MaxAge = 24 * time.Hour

// Info is the result of an update check.
type Info struct {
	Checked time.Time `json:"checked"`
	Latest  string    `json:"latest"`
}

// Cache is the update cache under a global state root.
type Cache struct {
	// GlobalRoot is px's global state root; the cache is
	// <GlobalRoot>/cache/update.json.
	GlobalRoot string
}

func (c Cache) dir() string { return filepath.Join(c.GlobalRoot, "cache") }

// Load returns the cached check, and false when there is none.
func (c Cache) Load() (Info, bool, error) {
	b, err := os.ReadFile(filepath.Join(c.dir(), "update.json"))
	if errors.Is(err, fs.ErrNotExist) {
		return Info{}, false, nil
	}
	if err != nil {
		return Info{}, false, fmt.Errorf("read update cache: %w", err)
	}
	var info Info
	if err := json.Unmarshal(b, &info); err != nil {
		return Info{}, false, fmt.Errorf("read update cache: %w", err)
	}
	return info, true, nil
}

// Save stores info, replacing the file atomically.
func (c Cache) Save(info Info) error {
	b, err := json.MarshalIndent(info, "", "  ")
	if err != nil {
		return fmt.Errorf("encode update cache: %w", err)
	}
	dir := c.dir()
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return fmt.Errorf("save update cache: %w", err)
	}
	tmp := filepath.Join(dir, "update.json.tmp")
	if err := os.WriteFile(tmp, b, 0o644); err != nil {
		return fmt.Errorf("save update cache: %w", err)
	}
	if err := os.Rename(tmp, filepath.Join(dir, "update.json")); err != nil {
		return fmt.Errorf("save update cache: %w", err)
	}
	return nil
}

// Check returns the cached result while it is fresh; otherwise it asks
// latest (a release feed in real life) and caches the answer.
func (c Cache) Check(now time.Time, latest func() (string, error)) (Info, error) {
	if info, ok, err := c.Load(); err == nil && ok && now.Sub(info.Checked) < MaxAge {
		return info, nil
	}
	v, err := latest()
	if err != nil {
		return Info{}, fmt.Errorf("check for updates: %w", err)
	}
	info := Info{Checked: now.UTC(), Latest: v}
	return info, c.Save(info)
}
