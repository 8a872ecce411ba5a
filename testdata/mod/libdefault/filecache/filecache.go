// Package filecache keeps files for a domain in a directory: an option
// names the directory, and New, after applying its options through
// function values, falls back on the user's cache directory (on "~/.cache"
// when the system names none) for a cache left without one. A spool keeps
// its files below "spool", relative to the working directory, unless an
// option names its directory.
package filecache

import (
	"os"
	"path/filepath"
)

// Cache keeps files below dir.
type Cache struct {
	dir    string
	domain string
	mode   os.FileMode
}

// Option changes how New sets up a cache.
type Option func(*Cache)

// WithCacheDir keeps the cache's files below dir.
func WithCacheDir(dir string) Option {
	return func(c *Cache) {
		c.dir = dir
	}
}

// WithMode makes the cache's files with mode m.
func WithMode(m os.FileMode) Option {
	return func(c *Cache) {
		c.mode = m
	}
}

// New sets up the cache of domain.
func New(domain string, opts ...Option) (*Cache, error) {
	c := &Cache{domain: domain, mode: 0o600}
	for _, opt := range opts {
		opt(c)
	}
	if c.dir == "" {
		base, err := os.UserCacheDir()
		if err != nil {
			base = "~/.cache"
		}
		c.dir = filepath.Join(base, domain) // want `field filecache.Cache.dir is assigned "~/.cache/\*" relative to the working directory`
	}
	if err := os.MkdirAll(c.dir, 0o700); err != nil {
		return nil, err
	}
	return c, nil
}

// Put keeps data under key.
func (c *Cache) Put(key string, data []byte) error {
	return os.WriteFile(filepath.Join(c.dir, key), data, c.mode)
}

// Spool keeps queued files below dir.
type Spool struct {
	dir string
}

// SpoolOption changes how NewSpool sets up a spool.
type SpoolOption func(*Spool)

// WithSpoolDir keeps the spool's files below dir.
func WithSpoolDir(dir string) SpoolOption {
	return func(s *Spool) {
		s.dir = dir
	}
}

// NewSpool sets up a spool, below "spool" in the working directory unless
// an option names its directory.
func NewSpool(opts ...SpoolOption) *Spool {
	s := &Spool{}
	for _, opt := range opts {
		opt(s)
	}
	if s.dir == "" {
		s.dir = "spool"
	}
	return s
}

// Queue keeps data under name.
func (s *Spool) Queue(name string, data []byte) error {
	return os.WriteFile(filepath.Join(s.dir, name), data, 0o600)
}
