package relative

import (
	"os"
	"path/filepath"

	"github.com/staterootlint/staterootlint/stateroots"
)

func save(p string, data []byte) error { return os.WriteFile(p, data, 0o644) }

func writes(project, name string, data []byte) {
	os.WriteFile("state.json", data, 0o644)        // ok: shadowwrite's finding (one write, one finding)
	os.MkdirAll(filepath.Join("out", name), 0o755) // ok: shadowwrite's finding (one write, one finding)
	os.Remove(filepath.Base(name))                 // ok: shadowwrite's finding (one write, one finding)
	save("cache.db", data)                         // ok: shadowwrite's finding (one write, one finding)
	os.WriteFile("/etc/app.conf", data, 0o644)     // ok: absolute (shadowwrite's business, not cwdwrite's)
	os.ReadFile("config.json")                     // ok: a read
	os.Open("input.txt")                           // ok: a read
	r, _ := stateroots.RepoStateRoot(project, "myapp")
	os.WriteFile(filepath.Join(r, "state.json"), data, 0o644)     // ok: rooted
	os.WriteFile(filepath.Join(os.Getenv("X"), "y"), data, 0o644) // ok: not known to be relative
}
