// Package walkname rewrites files a walk finds by name: a path the walk
// keeps only where its last element is a constant (filepath.Base(p) ==
// "app.lock", d.Name() == "app.lock", strings.HasSuffix(p, "/app.lock"))
// has that last element, so an allowance cwd:**/app.lock declares it.
package walkname

import (
	"io/fs"
	"os"
	"path/filepath"
	"strings"
)

// relock rewrites every app.lock below the working directory.
//
//staterootlint:allow-write cwd:**/app.lock
func relock(data []byte) error {
	return filepath.WalkDir(".", func(p string, d fs.DirEntry, err error) error {
		if err != nil || filepath.Base(p) != "app.lock" {
			return nil
		}
		return os.WriteFile(p, data, 0o644) // ok: declared, its last element is app.lock
	})
}

// relockNamed keeps the entries by their name, on the branch where it matches.
//
//staterootlint:allow-write cwd:**/app.lock
func relockNamed(data []byte) error {
	return filepath.WalkDir(".", func(p string, d fs.DirEntry, err error) error {
		if d.Name() == "app.lock" {
			return rewrite(p, data) // ok: declared, through a helper
		}
		return os.Remove(p) // want `os.Remove writes "\*" relative to the working directory, outside every state root; .*allow-write cwd:\*$`
	})
}

// relockSuffix keeps the entries whose path ends in /app.lock.
//
//staterootlint:allow-write cwd:**/app.lock
func relockSuffix(data []byte) error {
	return filepath.Walk("vendor", func(p string, info os.FileInfo, err error) error {
		if !strings.HasSuffix(p, "/app.lock") {
			return nil
		}
		return os.WriteFile(p, data, 0o644) // ok: declared, its last element is app.lock
	})
}

// undeclared rewrites the same files with no allowance: the advice names them.
func undeclared(data []byte) error {
	return filepath.WalkDir(".", func(p string, d fs.DirEntry, err error) error {
		if filepath.Base(p) == "app.lock" {
			return os.WriteFile(p, data, 0o644) // want `os.WriteFile writes "\*\*/app.lock" relative to the working directory, outside every state root; .*allow-write cwd:\*\*/app.lock$`
		}
		if filepath.Base(p) == "other.lock" {
			return os.WriteFile(p, data, 0o644) // want `os.WriteFile writes "\*\*/other.lock" relative to the working directory`
		}
		return nil
	})
}

func rewrite(p string, data []byte) error { return os.WriteFile(p, data, 0o644) }
