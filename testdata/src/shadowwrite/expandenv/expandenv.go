// Package expandenv: os.ExpandEnv expands the $VARs its template names.
// A template that names none is the path it is; a parameter's value is
// what the caller passes, expanded; only a $VAR makes the environment the
// origin.
package expandenv

import (
	"os"
	"path/filepath"
)

// absolute resolves a directory as configuration libraries do: its $VARs
// expanded, made absolute.
func absolute(in string) string {
	p, err := filepath.Abs(os.ExpandEnv(in))
	if err != nil {
		return ""
	}
	return p
}

// searchPaths keeps the directories a configuration is looked for in.
type searchPaths struct{ dirs []string }

func (s *searchPaths) add(in string) { s.dirs = append(s.dirs, absolute(in)) }

func run() {
	home, err := os.UserHomeDir()
	if err != nil {
		return
	}
	s := &searchPaths{}
	s.add(filepath.Join(home, ".myapp")) // want `a path under the home directory from os.UserHomeDir`
	_ = os.MkdirAll(s.dirs[0], 0o700)

	_ = os.MkdirAll(os.ExpandEnv("$MYAPP_CACHE/blobs"), 0o700) // want `expanded from environment variables`
	_ = os.WriteFile(os.ExpandEnv("notes.txt"), nil, 0o600)     // want `"notes.txt" relative to the working directory`
}
