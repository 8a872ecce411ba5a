// Package abswrapper: a join that keeps its second argument when it is
// already absolute, where "absolute" is decided by a wrapper of
// filepath.IsAbs, in this package or another. Called with a relative
// constant the guard is false, so the result is always below the first
// argument.
package abswrapper

import (
	"os"
	"path/filepath"

	"shadowwrite/abswrapper/pathx"
)

func smartJoin(a, b string) string {
	if pathx.IsAbs(b) {
		return b
	}
	return filepath.Join(a, b)
}

// isAbsolute is a wrapper of this package.
func isAbsolute(p string) bool {
	if p == "" {
		return false
	}
	return filepath.IsAbs(p)
}

func localJoin(a, b string) string {
	if !isAbsolute(b) {
		b = filepath.Join(a, b)
	}
	return b
}

// isRooted looks like a wrapper but checks another path: it is not an
// IsAbs of its parameter (it is always true).
func isRooted(p string) bool { return filepath.IsAbs(filepath.Join("/", p)) }

func rootedJoin(a, b string) string {
	if isRooted(b) {
		return b
	}
	return filepath.Join(a, b)
}

func cached(data []byte) error {
	cache, _ := os.UserCacheDir()
	if err := os.MkdirAll(smartJoin(cache, "checksum"), 0o755); err != nil { // ok: always below the cache dir
		return err
	}
	if err := os.MkdirAll(localJoin(cache, "timestamp"), 0o755); err != nil { // ok
		return err
	}
	if err := os.MkdirAll(rootedJoin(cache, "rooted"), 0o755); err != nil { // want `relative to the working directory`
		return err
	}
	return os.WriteFile(smartJoin("out", "sum"), data, 0o644) // want `relative to the working directory`
}
