package errorpath

import (
	"errors"
	"log"
	"os"
	"path/filepath"

	"github.com/staterootlint/staterootlint/stateroots"
)

func root(project string) (string, error) {
	if project == "" {
		return "", errors.New("no project") // the zero value beside an error does not count
	}
	r, err := stateroots.RepoStateRoot(project, "myapp")
	if err != nil {
		return "", err
	}
	return r, nil
}

func fallback(project string) (string, error) {
	r, err := stateroots.RepoStateRoot(project, "myapp")
	if err != nil {
		return ".", nil // a silent fallback to the working directory is not an error path
	}
	return r, nil
}

func use(project string, data []byte) {
	r, _ := root(project)
	os.WriteFile(filepath.Join(r, "x"), data, 0o644) // ok
	f, _ := fallback(project)
	os.WriteFile(filepath.Join(f, "y"), data, 0o644) // want `os.WriteFile writes "y" relative to the working directory`
}

func fatal(project string, ok bool, data []byte) {
	var dir string
	if ok {
		r, _ := stateroots.RepoStateRoot(project, "myapp")
		dir = r
	} else {
		log.Fatal("no project root")
	}
	os.WriteFile(filepath.Join(dir, "x"), data, 0o644) // ok: the log.Fatal branch never arrives here
}
