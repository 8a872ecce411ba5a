// Package cache is the driver's persistent store: values kept under
// 32-byte keys in a directory, and a memo of file hashes between runs.
//
// It is a cache: everything in it is rebuilt when missing, it is safe to
// delete at any time, and an entry that cannot be read or fails its
// checksum is reported absent, never trusted. Entries are written to a
// temporary file and renamed into place, so a run killed midway leaves
// whole entries or none. What a key covers is the driver's business
// (internal/driver's cachekey.go); the store knows nothing of packages.
package cache

import (
	"bytes"
	"crypto/sha256"
	"encoding/gob"
	"encoding/hex"
	"io/fs"
	"os"
	"path/filepath"
	"time"
)

// Cache is an open cache directory.
type Cache struct {
	dir string
	// Memo remembers file hashes between runs; Close saves it.
	Memo *Memo
}

// trimAfter: entries unused this long are removed, at most once per
// trimEvery.
const (
	trimAfter = 7 * 24 * time.Hour
	trimEvery = 24 * time.Hour
)

// Open opens the cache in dir, creating it; nil when it cannot be used
// (the run goes on without it).
func Open(dir string) *Cache {
	c := &Cache{dir: dir}
	if err := os.MkdirAll(c.dir, 0o755); err != nil {
		return nil
	}
	c.trim()
	c.Memo = LoadMemo(filepath.Join(c.dir, "hashes"))
	return c
}

// Close saves the memo of file hashes.
func (c *Cache) Close() { c.Memo.Save() }

func (c *Cache) path(key [32]byte) string {
	h := hex.EncodeToString(key[:])
	return filepath.Join(c.dir, h[:2], h)
}

// Get decodes the entry for key into v (as encoding/gob decodes); false
// when there is none or it cannot be read.
func (c *Cache) Get(key [32]byte, v any) bool {
	name := c.path(key)
	if !readSealed(name, v) {
		return false
	}
	// Mark it used, for trim; coarsely, to write little.
	if fi, err := os.Stat(name); err == nil && time.Since(fi.ModTime()) > time.Hour {
		now := time.Now()
		_ = os.Chtimes(name, now, now)
	}
	return true
}

// Put writes v, gob-encoded, as the entry for key; failures (v cannot be
// encoded, the disk is full) leave the entry out.
func (c *Cache) Put(key [32]byte, v any) {
	writeSealed(c.path(key), v)
}

// writeSealed writes v gob-encoded behind the sha256 of the encoding,
// atomically (writeAtomic): the format of every file of the cache.
// Failures leave the file as it was.
func writeSealed(name string, v any) bool {
	var buf bytes.Buffer
	if err := gob.NewEncoder(&buf).Encode(v); err != nil {
		return false
	}
	sum := sha256.Sum256(buf.Bytes())
	return writeAtomic(name, sum[:], buf.Bytes())
}

// readSealed decodes into v a file writeSealed wrote; false when it is
// missing, torn, corrupt or of another shape, which callers treat as
// absent.
func readSealed(name string, v any) bool {
	data, err := os.ReadFile(name)
	if err != nil || len(data) < sha256.Size {
		return false
	}
	sum, payload := data[:sha256.Size], data[sha256.Size:]
	if got := sha256.Sum256(payload); !bytes.Equal(sum, got[:]) {
		return false
	}
	return gob.NewDecoder(bytes.NewReader(payload)).Decode(v) == nil
}

// trim removes entries (and temporary files of killed runs) unused for
// trimAfter, once per trimEvery.
func (c *Cache) trim() {
	stamp := filepath.Join(c.dir, "trimmed")
	if fi, err := os.Stat(stamp); err == nil && time.Since(fi.ModTime()) < trimEvery {
		return
	}
	if err := os.WriteFile(stamp, nil, 0o644); err != nil {
		return
	}
	cutoff := time.Now().Add(-trimAfter)
	_ = filepath.WalkDir(c.dir, func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || path == stamp {
			return nil
		}
		if fi, err := d.Info(); err == nil && fi.ModTime().Before(cutoff) {
			_ = os.Remove(path)
		}
		return nil
	})
}
