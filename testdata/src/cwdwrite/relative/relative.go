package relative

import (
	"os"
	"path/filepath"

	"github.com/staterootlint/staterootlint/stateroots"
)

func save(p string, data []byte) error { return os.WriteFile(p, data, 0o644) }

func writes(project, name string, data []byte) {
	os.WriteFile("state.json", data, 0o644)        // want `os.WriteFile writes "state.json" relative to the working directory, so where it lands depends on where the tool was started`
	os.MkdirAll(filepath.Join("out", name), 0o755) // want `os.MkdirAll writes "out/\*" relative to the working directory`
	os.Remove(filepath.Base(name))                 // want `os.Remove writes a bare file name from filepath.Base`
	save("cache.db", data)                         // want `relative.save receives "cache.db" relative to the working directory for a path it writes \(os.WriteFile at relative.go:10\)`
	os.WriteFile("/etc/app.conf", data, 0o644)     // ok: absolute (shadowwrite's business, not cwdwrite's)
	os.ReadFile("config.json")                     // ok: a read
	os.Open("input.txt")                           // ok: a read
	r, _ := stateroots.RepoStateRoot(project, "myapp")
	os.WriteFile(filepath.Join(r, "state.json"), data, 0o644)     // ok: rooted
	os.WriteFile(filepath.Join(os.Getenv("X"), "y"), data, 0o644) // ok: not known to be relative
}
