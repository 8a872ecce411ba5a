package sinks

import (
	"os"
	"path/filepath"

	"go.etcd.io/bbolt"

	"github.com/staterootlint/staterootlint/stateroots"
)

func open(project string) {
	root, _ := stateroots.RepoStateRoot(project, "myapp")
	bbolt.Open(filepath.Join(root, "runs.db"), 0o600, nil) // ok: rooted
	bbolt.Open("runs.db", 0o600, nil)                      // want `bbolt.Open writes "runs.db" relative to the working directory`
	os.ReadFile("runs.db")                                 // ok: a read
}
