package cache

import (
	"os"
	"path/filepath"
	"testing"
	"time"
)

// TestHashMemo: a remembered hash is used only while the file's size,
// time and inode are unchanged; a file modified too recently to be sure
// of is hashed every time; a corrupt memo file is ignored.
func TestHashMemo(t *testing.T) {
	dir := t.TempDir()
	file, memoFile := filepath.Join(dir, "a.go"), filepath.Join(dir, "hashes")
	write := func(content string, age time.Duration) {
		t.Helper()
		if err := os.WriteFile(file, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
		at := time.Now().Add(-age)
		if err := os.Chtimes(file, at, at); err != nil {
			t.Fatal(err)
		}
	}
	sum := func(m *Memo) [32]byte {
		t.Helper()
		s, err := m.Sum(file, nil)
		if err != nil {
			t.Fatal(err)
		}
		return s
	}

	write("package a // one", time.Hour)
	m := LoadMemo(memoFile)
	one := sum(m)
	m.Save()
	if _, ok := LoadMemo(memoFile).entries[file]; !ok {
		t.Fatal("the memo did not keep the file's hash")
	}

	// Same size, other content, other time: hashed again.
	write("package a // two", time.Hour/2)
	m = LoadMemo(memoFile)
	two := sum(m)
	if two == one {
		t.Error("a changed file kept its remembered hash")
	}

	// Modified just now: hashed, not remembered.
	write("package a // new", 0)
	m = LoadMemo(memoFile)
	if sum(m) == two {
		t.Error("a file modified just now got a remembered hash")
	}
	if _, ok := m.entries[file]; ok {
		t.Error("a file modified within the racy window was remembered")
	}

	if err := os.WriteFile(memoFile, []byte("garbage"), 0o644); err != nil {
		t.Fatal(err)
	}
	if m := LoadMemo(memoFile); len(m.entries) != 0 {
		t.Errorf("a corrupt memo gave %d entries", len(m.entries))
	}
}
