package sharedentry // want package:`artifacts\(repo:a/x.json, repo:b/x.json, repo:kept/x.json\)`

// Two commands of a flag switch call one function with their own
// directories; the engine keeps one summary of the write for the
// dispatcher, so which command writes which path cannot be told: each is
// unproven for both, never both paths for each. A function called once
// is still that one command's.

import (
	"os"
	"path/filepath"

	"github.com/staterootlint/staterootlint/stateroots"
)

func repo() string {
	r, _ := stateroots.RepoStateRoot(".", "app")
	return r
}

func main() {
	a := filepath.Join(repo(), "a")
	b := filepath.Join(repo(), "b")
	switch os.Args[1] {
	case "a":
		put(a)
	case "b":
		put(b)
	case "keep":
		keep(filepath.Join(repo(), "kept"))
	}
}

func put(dir string) {
	os.WriteFile(filepath.Join(dir, "x.json"), nil, 0o644)
}

func keep(dir string) {
	os.WriteFile(filepath.Join(dir, "x.json"), nil, 0o644)
}
