// Package createsnothing makes directories that exist wherever the
// program runs: os.MkdirAll of "/" or "." creates nothing, while any
// other fixed directory keeps state where the program happens to run.
package createsnothing

import (
	"os"
	"path"
)

func ensure() {
	os.MkdirAll("/", 0o755)                  // ok: the file system's root exists
	os.MkdirAll(".", 0o755)                  // ok: the working directory exists
	os.MkdirAll(""+"/", 0o755)               // ok: still the root
	os.MkdirAll(path.Join("a", ".."), 0o755) // ok: the working directory again
	os.MkdirAll("cache", 0o755)              // want `os.MkdirAll writes "cache" relative to the working directory`
	os.WriteFile(".", nil, 0o644)            // want `os.WriteFile writes "\." relative to the working directory`
	os.Remove("/")                           // want `os.Remove writes the fixed path "/"`
}

// cacheDirs keeps the directory it makes a cache below: "." there is no
// directory that exists already, it is "./cache".
type cacheDirs struct{ base string }

func newCacheDirs() *cacheDirs {
	return &cacheDirs{base: "."} // want `field createsnothing.cacheDirs.base is assigned "\." relative to the working directory, and it is written \(via \(\*createsnothing.cacheDirs\).make → os.MkdirAll`
}

func (d *cacheDirs) top() { os.MkdirAll(d.base, 0o755) }

func (d *cacheDirs) make() { os.MkdirAll(path.Join(d.base, "cache"), 0o755) }

// outDir keeps a directory it only makes itself: "." creates nothing.
type outDir struct{ dir string }

func newOutDir() *outDir { return &outDir{dir: "."} } // ok: MkdirAll of the directory itself

func (o *outDir) make() { os.MkdirAll(o.dir, 0o755) }

// Prepare makes both directories.
func Prepare() {
	d := newCacheDirs()
	d.top()
	d.make()
	newOutDir().make()
}
