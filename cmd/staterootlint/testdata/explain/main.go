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
