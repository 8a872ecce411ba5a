package osroot

import (
	"os"

	"github.com/staterootlint/staterootlint/stateroots"
)

func through(project string, data []byte) error {
	dir, _ := stateroots.RepoStateRoot(project, "myapp")
	r, err := os.OpenRoot(dir)
	if err != nil {
		return err
	}
	r.WriteFile("state.json", data, 0o644) // ok: under a rooted os.Root
	w, err := os.OpenRoot("data")
	if err != nil {
		return err
	}
	w.MkdirAll("x", 0o755)       // want `\(\*os.Root\).MkdirAll writes "data" relative to the working directory`
	_, err = w.Open("read.json") // ok: reads through a root
	return err
}
