// Package memo resolves directories once and keeps them: a type with
// several memoizing methods.
package memo

import (
	"os"
	"path/filepath"
	"sync"
)

// Dirs resolves the program's state and cache directories on first use.
type Dirs struct {
	once  sync.Once
	state string
	cache string
	spool string
}

// State is $SHAPES_STATE_DIR, else $XDG_STATE_HOME/shapes, resolved once.
func (d *Dirs) State() string {
	d.once.Do(func() {
		if s := os.Getenv("SHAPES_STATE_DIR"); s != "" {
			d.state = s
			return
		}
		if x := os.Getenv("XDG_STATE_HOME"); x != "" {
			d.state = filepath.Join(x, "shapes")
			return
		}
		home, _ := os.UserHomeDir()
		d.state = filepath.Join(home, ".local", "state", "shapes")
	})
	return d.state
}

// Cache is $XDG_CACHE_HOME/shapes, else the user cache directory, filled
// lazily.
func (d *Dirs) Cache() string {
	if d.cache == "" {
		if x := os.Getenv("XDG_CACHE_HOME"); x != "" {
			d.cache = filepath.Join(x, "shapes")
		} else {
			c, _ := os.UserCacheDir()
			d.cache = filepath.Join(c, "shapes")
		}
	}
	return d.cache
}

// Spool memoizes a directory under the home directory alone: an ad hoc
// root (the decoy).
func (d *Dirs) Spool() string {
	if d.spool == "" {
		home, _ := os.UserHomeDir()
		d.spool = filepath.Join(home, "shapes-spool")
	}
	return d.spool
}

// Save writes under each.
func Save(d *Dirs) {
	_ = os.WriteFile(filepath.Join(d.State(), "state.json"), nil, 0o644)
	_ = os.WriteFile(filepath.Join(d.State(), "lock"), nil, 0o644)
	_ = os.WriteFile(filepath.Join(d.Cache(), "index"), nil, 0o644)
	_ = os.WriteFile(filepath.Join(d.Cache(), "blobs"), nil, 0o644)
	_ = os.WriteFile(filepath.Join(d.Spool(), "a"), nil, 0o644)
	_ = os.WriteFile(filepath.Join(d.Spool(), "b"), nil, 0o644)
}
