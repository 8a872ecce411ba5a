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

// sub writes through a root opened below another: (*os.Root).OpenRoot
// cannot leave its parent, so the result is where the parent is.
func sub(project string) error {
	dir, _ := stateroots.RepoStateRoot(project, "myapp")
	r, err := os.OpenRoot(dir)
	if err != nil {
		return err
	}
	logs, err := r.OpenRoot("logs")
	if err != nil {
		return err
	}
	logs.WriteFile("run.log", nil, 0o644) // ok: under a rooted os.Root
	w, err := os.OpenRoot("data")
	if err != nil {
		return err
	}
	nested, err := w.OpenRoot("nested")
	if err != nil {
		return err
	}
	nested.Mkdir("x", 0o755) // want `\(\*os.Root\).Mkdir writes "data" relative to the working directory`
	return nil
}
