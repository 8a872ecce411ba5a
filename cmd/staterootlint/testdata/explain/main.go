// Command explain has a write with several origins for explain's tests.
package main

import (
	"os"
	"path/filepath"
)

// repoRoot is the program's authority.
//
//staterootlint:authority repo
func repoRoot() string { return "/srv/repo/.app" }

func main() {
	p := filepath.Join(repoRoot(), "state.json")
	if len(os.Args) > 1 {
		p = os.Args[1]
	} else if v := os.Getenv("APP_OUT"); v != "" {
		p = v
	}
	_ = os.WriteFile(p, nil, 0o644)
	save("relative.json")
}

func save(p string) {
	_ = os.WriteFile(p, nil, 0o644)
}

// conf keeps a directory a method writes below.
type conf struct{ dir string }

func (c *conf) write() { _ = os.WriteFile(filepath.Join(c.dir, "x.json"), nil, 0o644) }

// keepDir hands its directory, from the environment or a fixed path,
// to keep, which keeps it in a field a method writes below.
func keepDir() {
	dir := os.Getenv("APP_DIR")
	if len(os.Args) > 2 {
		dir = "/var/lib/app"
	}
	keep(dir)
}

func keep(d string) {
	c := &conf{}
	c.dir = d
	c.write()
}
