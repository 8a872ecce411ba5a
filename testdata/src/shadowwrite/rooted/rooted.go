package rooted

import (
	"fmt"
	"os"
	"path"
	"path/filepath"
	"strings"

	"github.com/staterootlint/staterootlint/stateroots"
)

type dirName string

func direct(project string, id int, name string, data []byte) error {
	root, err := stateroots.RepoStateRoot(project, "myapp")
	if err != nil {
		return err
	}
	os.WriteFile(filepath.Join(root, "state.json"), data, 0o644)        // ok: joined onto a root
	os.WriteFile(root+"/state.json", data, 0o644)                       // ok: concatenated onto a root
	os.WriteFile(fmt.Sprintf("%s/runs/%d.json", root, id), data, 0o644) // ok: formatted onto a root
	os.MkdirAll(filepath.Clean(filepath.Join(root, "logs")), 0o755)     // ok: cleaned
	os.MkdirAll(string(dirName(root)), 0o755)                           // ok: converted
	os.WriteFile(filepath.Join(root, name, "x"), data, 0o644)           // ok: a dynamic element is checked by stateroots.Join at run time
	os.WriteFile(path.Join(filepath.ToSlash(root), "p"), data, 0o644)   // ok: path.Join too
	os.WriteFile(strings.TrimSuffix(root, "/")+"/t", data, 0o644)       // ok: trimmed
	p, err := stateroots.Join(root, "flows", name)
	if err != nil {
		return err
	}
	return os.WriteFile(p, data, 0o644) // ok: the safe join keeps the root
}

func global(data []byte) error {
	g, err := stateroots.GlobalStateRoot("myapp")
	if err != nil {
		return err
	}
	return os.WriteFile(filepath.Join(g, "locks", "x.lock"), data, 0o644) // ok
}

func mixed(project string, tmp bool, data []byte) error {
	dir := os.TempDir()
	if !tmp {
		root, err := stateroots.RepoStateRoot(project, "myapp")
		if err != nil {
			return err
		}
		dir = root
	}
	return os.WriteFile(filepath.Join(dir, "x"), data, 0o644) // ok: every edge is rooted or temp
}

func mixedBad(project string, local bool, data []byte) error {
	dir := "out"
	if !local {
		root, err := stateroots.RepoStateRoot(project, "myapp")
		if err != nil {
			return err
		}
		dir = root
	}
	return os.WriteFile(filepath.Join(dir, "x"), data, 0o644) // want `os.WriteFile writes "out/x" relative to the working directory`
}

func globbed(project string) error {
	root, err := stateroots.RepoStateRoot(project, "myapp")
	if err != nil {
		return err
	}
	matches, _ := filepath.Glob(filepath.Join(root, "runs", "*.tmp"))
	for _, m := range matches {
		os.Remove(m) // ok: matches of a rooted pattern
	}
	return nil
}
