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

func localPath(darwin bool) (string, error) {
	dir := ""
	if darwin {
		dir = "/tmp"
	}
	f, err := os.CreateTemp(dir, "sock") // ok: empty or /tmp, both temp
	if err != nil {
		return "", err
	}
	path := f.Name()
	f.Close()
	os.Remove(path) // ok: the temp file
	return path, nil
}

func writeTempFile(dir, prefix string, data []byte) (string, error) {
	file, err := os.CreateTemp(dir, prefix)
	if err != nil {
		return "", err
	}
	_, err = file.Write(data)
	file.Close()
	return file.Name(), err
}

func diff(data []byte) {
	f, _ := writeTempFile("", "gofmt", data) // ok: empty dir means temp, through a helper
	defer os.Remove(f)                       // ok: the helper's temp file
	writeTempFile("cwd", "x", data)          // want `temp.writeTempFile receives "cwd" relative to the working directory`
}
