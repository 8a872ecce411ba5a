package temp

import (
	"os"
	"path/filepath"
	"testing"
)

func temps(data []byte) error {
	os.WriteFile(filepath.Join(os.TempDir(), "x"), data, 0o644) // ok: temp
	dir, err := os.MkdirTemp("", "app-")                        // ok: empty dir means temp
	if err != nil {
		return err
	}
	os.WriteFile(filepath.Join(dir, "y"), data, 0o644) // ok: inside a temp dir
	f, err := os.CreateTemp("", "app-*.json")          // ok
	if err != nil {
		return err
	}
	defer os.Remove(f.Name())     // ok: the temp file
	os.MkdirTemp("work", "x-")    // want `os.MkdirTemp writes "work" relative to the working directory`
	cache, _ := os.UserCacheDir() // ok: cache
	return os.MkdirAll(filepath.Join(cache, "app"), 0o755)
}

func helper(t *testing.T, data []byte) {
	os.WriteFile(filepath.Join(t.TempDir(), "z"), data, 0o644) // ok: t.TempDir
}

func tb(t testing.TB, data []byte) {
	os.WriteFile(filepath.Join(t.TempDir(), "z"), data, 0o644) // ok: testing.TB's TempDir
}
