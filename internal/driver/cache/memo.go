package cache

import (
	"crypto/sha256"
	"io"
	"os"
	"path/filepath"
	"sync"
	"time"
)

// Memo remembers the hashes of files between runs, keyed by path and
// checked against the file's size, modification time and inode before it
// is trusted, the way git's index avoids reading unchanged files. A warm
// rerun then stats the program's files instead of reading them.
//
// A file modified within RacyWindow of being hashed is not remembered: a
// later write in the same clock tick could leave its size and time
// unchanged. The memo is part of the cache: it is one file, written whole
// through a rename, and one that cannot be read is started afresh.
type Memo struct {
	name string // the memo's file; "" keeps it in memory only

	mu      sync.Mutex
	entries map[string]memoEntry
	dirty   bool
}

// memoEntry is what the memo keeps of one file.
type memoEntry struct {
	Size, ModNano int64
	Ino           uint64
	Sum           [32]byte
}

// RacyWindow is how recent a change may be and still share its clock tick
// with a later one: files modified this recently are hashed but not
// remembered, and the driver trusts no directory time this recent.
const RacyWindow = 2 * time.Second

// LoadMemo reads the memo kept in name (a missing or unreadable one
// is empty).
func LoadMemo(name string) *Memo {
	m := &Memo{name: name, entries: map[string]memoEntry{}}
	if name == "" {
		return m
	}
	var entries map[string]memoEntry
	if readSealed(name, &entries) && entries != nil {
		m.entries = entries
	}
	return m
}

// Sum returns the hash of what digest computes over the file's contents
// (sha256 of the whole file when digest is nil), from the memo when the
// file is unchanged since it was remembered.
func (m *Memo) Sum(name string, digest func(io.Reader) ([32]byte, error)) ([32]byte, error) {
	fi, err := os.Stat(name)
	if err != nil {
		return [32]byte{}, err
	}
	now := memoEntry{Size: fi.Size(), ModNano: fi.ModTime().UnixNano(), Ino: inode(fi)}
	m.mu.Lock()
	e, ok := m.entries[name]
	m.mu.Unlock()
	if ok && e.Size == now.Size && e.ModNano == now.ModNano && e.Ino == now.Ino {
		return e.Sum, nil
	}
	f, err := os.Open(name)
	if err != nil {
		return [32]byte{}, err
	}
	defer f.Close()
	if digest == nil {
		digest = SHA256
	}
	if now.Sum, err = digest(f); err != nil {
		return [32]byte{}, err
	}
	m.mu.Lock()
	if time.Since(fi.ModTime()) > RacyWindow {
		m.entries[name] = now
		m.dirty = true
	} else if ok {
		delete(m.entries, name) // stale, and too recent to replace
		m.dirty = true
	}
	m.mu.Unlock()
	return now.Sum, nil
}

// SHA256 hashes all of r.
func SHA256(r io.Reader) ([32]byte, error) {
	h := sha256.New()
	var sum [32]byte
	if _, err := io.Copy(h, r); err != nil {
		return sum, err
	}
	h.Sum(sum[:0])
	return sum, nil
}

// Save writes the memo back when it changed, dropping the files that no
// longer exist; failures leave the old memo (or none).
func (m *Memo) Save() {
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.name == "" || !m.dirty {
		return
	}
	for name := range m.entries {
		if _, err := os.Lstat(name); err != nil {
			delete(m.entries, name)
		}
	}
	if writeSealed(m.name, m.entries) {
		m.dirty = false
	}
}

// writeAtomic writes the parts to name through a temporary file in the
// same directory and a rename: a reader sees the old file or the whole
// new one. Failures leave name as it was and return false.
func writeAtomic(name string, parts ...[]byte) bool {
	dir := filepath.Dir(name)
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return false
	}
	tmp, err := os.CreateTemp(dir, "tmp-*")
	if err != nil {
		return false
	}
	tmpName := filepath.Join(dir, filepath.Base(tmp.Name()))
	for _, p := range parts {
		if err == nil {
			_, err = tmp.Write(p)
		}
	}
	if cerr := tmp.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Rename(tmpName, name)
	}
	if err != nil {
		_ = os.Remove(tmpName)
	}
	return err == nil
}
