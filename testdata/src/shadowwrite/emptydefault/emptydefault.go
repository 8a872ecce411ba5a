// Package emptydefault: `if dir == "" { dir = <default> }` on a value that
// may be empty. The default is what an empty parameter, field or user
// choice becomes, so it is one of the path's origins: a default built by
// hand under the home directory (even one spelled ".cache") is outside
// every root, while a cache, temporary or rooted default is not. Only a
// value that is always the empty string when it is "" (a local "") is
// replaced by the default alone.
package emptydefault

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"

	"github.com/staterootlint/staterootlint/stateroots"
)

// store keeps its directory in a field and writes below it.
type store struct{ root string }

func newStore(root string) (*store, error) {
	if err := os.MkdirAll(root, 0o755); err != nil { // ok: the callers' root, checked where they pass it
		return nil, err
	}
	return &store{root: root}, nil
}

func (s *store) put(id int, data []byte) error {
	return os.WriteFile(filepath.Join(s.root, fmt.Sprint(id)), data, 0o644) // ok: checked where root is passed
}

// startServer falls back to a directory under the home directory, built
// by hand: its name says cache, but it is not the user cache directory.
func startServer(dir string) (*store, error) {
	if dir == "" {
		home, err := os.UserHomeDir()
		if err != nil {
			return nil, err
		}
		dir = filepath.Join(home, ".cache", "myserver")
	}
	if err := os.MkdirAll(dir, 0o755); err != nil { // want `os.MkdirAll writes a path under the home directory from os.UserHomeDir`
		return nil, err
	}
	return newStore(filepath.Join(dir, "cache")) // want `newStore receives a path under the home directory from os.UserHomeDir`
}

var serverDir = flag.String("server-dir", "", "where the server keeps its files")

func main() {
	startServer(*serverDir) // ok: the user's choice
}

// cacheDefault falls back to the user cache directory: allowed.
func cacheDefault(dir string) error {
	if dir == "" {
		cache, err := os.UserCacheDir()
		if err != nil {
			return err
		}
		dir = filepath.Join(cache, "myapp")
	}
	return os.MkdirAll(dir, 0o755) // ok: the callers' dir or the cache
}

// rootedDefault falls back to a state root: allowed.
func rootedDefault(dir string) error {
	if dir == "" {
		root, err := stateroots.GlobalStateRoot("myapp")
		if err != nil {
			return err
		}
		dir = root
	}
	return os.MkdirAll(filepath.Join(dir, "data"), 0o755) // ok: the callers' dir or the root
}

func callers() {
	cacheDefault("")
	rootedDefault("")
}

// flagDefault: a flag left empty means the home fallback.
var logDir = flag.String("log-dir", "", "where to keep logs")

func flagDefault(data []byte) error {
	dir := *logDir
	if dir == "" {
		home, _ := os.UserHomeDir()
		dir = filepath.Join(home, ".myapp-logs")
	}
	return os.WriteFile(filepath.Join(dir, "log"), data, 0o644) // want `os.WriteFile writes a path under the home directory from os.UserHomeDir`
}

// neverEmpty: a rooted value is never "", so its default is dead.
func neverEmpty(data []byte) error {
	dir, err := stateroots.GlobalStateRoot("myapp")
	if err != nil {
		return err
	}
	if dir == "" {
		dir = "fallback"
	}
	return os.WriteFile(filepath.Join(dir, "x"), data, 0o644) // ok: the root, never ""
}

// localEmpty: a local "" is replaced by its default alone.
func localEmpty(name string, data []byte) error {
	dir := ""
	if name != "" {
		r, _ := stateroots.GlobalStateRoot("myapp")
		dir = filepath.Join(r, name)
	}
	if dir == "" {
		dir = filepath.Join(os.TempDir(), "myapp")
	}
	return os.WriteFile(filepath.Join(dir, "x"), data, 0o644) // ok: a root, or the temp default of the empty dir
}

// relativeDefault: "." for an empty folder is the caller's working
// directory, which the callers decide about (here, a relative folder
// under the directory the user chose).
func relativeDefault(folder, name string) (*os.File, error) {
	if folder == "" {
		folder = "."
	}
	if err := os.MkdirAll(folder, 0o755); err != nil { // ok: checked at the callers
		return nil, err
	}
	return os.CreateTemp(folder, name) // ok: checked at the callers
}

func receive() {
	relativeDefault(*serverDir, "x") // ok: the user's choice
}

func receiveHere() {
	relativeDefault("incoming", "x") // want `relativeDefault receives "incoming" relative to the working directory`
}
