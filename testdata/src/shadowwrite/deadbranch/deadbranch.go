// Package deadbranch: a branch a constant condition never takes (code
// for another platform behind runtime.GOOS == "windows") never runs, so
// nothing it assigns or returns reaches a write.
package deadbranch

import (
	"flag"
	"os"
	"path/filepath"
	"runtime"
)

const isWindows = runtime.GOOS == "windows"

var dir = flag.String("dir", "", "where to work")

// longPath enables long file names on Windows.
func longPath(p string) string { return `\\?\` + p }

func open(root string) error {
	if isWindows {
		root = longPath(root)
	}
	return os.MkdirAll(root, 0o755)
}

// homeDir is the home directory, from USERPROFILE on Windows.
func homeDir() string {
	if isWindows {
		return os.Getenv("USERPROFILE")
	}
	h, _ := os.UserHomeDir()
	return h
}

func main() {
	_ = open(*dir)                                                        // ok: the user's directory, on this platform as given
	_ = os.WriteFile(filepath.Join(homeDir(), ".deadbranch"), nil, 0o600) // want `a path under the home directory from os.UserHomeDir`
}
