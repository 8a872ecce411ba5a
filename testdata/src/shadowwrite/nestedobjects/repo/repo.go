// Package repo: a repository handle that keeps its entry (a name and a
// URL) in a field. Index writes below the entry's name, two fields below
// the receiver; nothing in the module calls it. Download writes nothing of
// the entry's.
package repo

import (
	"os"
	"path/filepath"
)

// Entry names a repository.
type Entry struct {
	Name string
	URL  string
}

// Repo is a repository handle.
type Repo struct {
	Config *Entry
	Cache  string
}

// New returns a handle on cfg's repository.
func New(cfg *Entry) *Repo { return &Repo{Config: cfg, Cache: os.TempDir()} }

// Index writes the repository's index into its directory, its entry's
// name.
func (r *Repo) Index() error {
	return os.WriteFile(filepath.Join(r.Config.Name, "index.yaml"), nil, 0o600)
}

// Download fetches the index into the cache.
func (r *Repo) Download() error {
	return os.WriteFile(filepath.Join(r.Cache, "index.yaml"), []byte(r.Config.URL), 0o600)
}
