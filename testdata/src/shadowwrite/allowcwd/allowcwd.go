// Package allowcwd declares files a command writes in the working
// directory however it spells that directory: the name alone, joined
// below os.Getwd() (in the command or in a helper), made absolute with
// filepath.Abs, or joined below ".".
package allowcwd

import (
	"os"
	"path/filepath"

	"github.com/staterootlint/staterootlint/stateroots"
)

type store struct{}

func (store) Write(path string, data []byte) error { return os.WriteFile(path, data, 0o644) }

// pin records the tool versions where the user runs it.
//
//staterootlint:allow-write cwd:.tool-versions cwd:app.toml cwd:deploy/**
func pin(s store, data []byte) {
	cwd, _ := os.Getwd()
	s.Write(".tool-versions", data)                           // ok: declared
	s.Write(filepath.Join(cwd, ".tool-versions"), data)       // ok: declared, below os.Getwd()
	os.WriteFile(filepath.Join(cwd, "app.toml"), data, 0o644) // ok: declared, below os.Getwd()
	os.WriteFile(inWorkdir("app.toml"), data, 0o644)          // ok: declared, through a helper
	abs, _ := filepath.Abs("app.toml")
	os.WriteFile(abs, data, 0o644)                                          // ok: declared, made absolute
	os.WriteFile(filepath.Join(".", "app.toml"), data, 0o644)               // ok: declared, below "."
	os.MkdirAll(filepath.Join(cwd, "deploy", "scripts"), 0o755)             // ok: declared by a glob
	os.WriteFile(filepath.Join(cwd, "pin.lock"), data, 0o644)               // want `os.WriteFile writes "pin.lock" under the working directory from os.Getwd \(allowcwd.go:22\), outside every state root; .*declare it on the command with //staterootlint:allow-write cwd:pin.lock$`
	os.WriteFile(filepath.Join(cwd, "..", "app.toml"), data, 0o644)         // want `os.WriteFile writes a path under the working directory from os.Getwd \(allowcwd.go:22\), outside every state root; derive the path from a state-root authority such as stateroots.RepoStateRoot$`
	os.WriteFile(cwd, data, 0o644)                                          // want `os.WriteFile writes a path under the working directory from os.Getwd`
	os.WriteFile(filepath.Join(os.Getenv("HOME"), "app.toml"), data, 0o644) // want `os.WriteFile writes a path from the environment variable HOME`
}

// inWorkdir names a file in the directory the program runs in.
func inWorkdir(name string) string {
	wd, _ := os.Getwd()
	return filepath.Join(wd, name)
}

// status keeps its cache in the working directory: no allowance covers it.
func status(data []byte) {
	cwd, _ := os.Getwd()
	os.WriteFile(filepath.Join(cwd, "app.toml"), data, 0o644) // want `os.WriteFile writes "app.toml" under the working directory from os.Getwd \(allowcwd.go:45\), outside every state root; .*allow-write cwd:app.toml$`
	abs, _ := filepath.Abs("status.log")
	os.WriteFile(abs, data, 0o644) // want `os.WriteFile writes "status.log" .*allow-write cwd:status.log$`
}

// lock writes its lock at the project root however it names the root.
//
//staterootlint:allow-write project:app.lock
func lock(data []byte) {
	cwd, _ := os.Getwd()
	root, _ := stateroots.FindProjectRoot(cwd, ".git")
	os.WriteFile(filepath.Join(root, "app.lock"), data, 0o644) // ok: declared
	abs, _ := filepath.Abs(filepath.Join(root, "app.lock"))
	os.WriteFile(abs, data, 0o644)                                  // ok: declared, made absolute
	os.WriteFile(filepath.Join(root, ".", "app.lock"), data, 0o644) // ok: declared, below "." below the root
	os.WriteFile(filepath.Join(root, "other.lock"), data, 0o644)    // want `os.WriteFile writes "other.lock" under the project root`
}
