package helpers

import (
	"os"
	"path/filepath"

	"github.com/staterootlint/staterootlint/stateroots"
)

// stateDir is a derived authority: its result is always rooted.
func stateDir(project string) (string, error) {
	root, err := stateroots.RepoStateRoot(project, "myapp")
	if err != nil {
		return "", err // the zero value beside an error does not count
	}
	return filepath.Join(root, "state"), nil
}

func legacyDir() string {
	return filepath.Join("legacy", "state")
}

// save writes to whatever it is given: the requirement moves to callers.
func save(path string, data []byte) error {
	return os.WriteFile(path, data, 0o644)
}

func hop1(p string, data []byte) error { return hop2(p+".json", data) }
func hop2(p string, data []byte) error { return hop3(p, data) }
func hop3(p string, data []byte) error { return save(p, data) }

func callers(project string, data []byte) error {
	dir, err := stateDir(project)
	if err != nil {
		return err
	}
	save(filepath.Join(dir, "a"), data)    // ok: a derived authority
	save("b.json", data)                   // want `helpers.save receives "b.json" relative to the working directory for a path it writes \(os.WriteFile at helpers.go:25\); pass a path derived from a state root`
	os.WriteFile(legacyDir(), data, 0o644) // want `os.WriteFile writes "legacy/state" relative to the working directory`
	hop1(filepath.Join(dir, "c"), data)    // ok: four hops, rooted
	return hop1("/srv/data/y", data)       // want `helpers.hop1 receives the fixed path "/srv/data/y" for a path it writes \(via helpers.hop2 → helpers.hop3 → helpers.save → os.WriteFile at helpers.go:25\)`
}
