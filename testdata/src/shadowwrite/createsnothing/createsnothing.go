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
