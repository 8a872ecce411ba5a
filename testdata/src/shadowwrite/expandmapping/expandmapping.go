// Package expandmapping: os.Expand with a mapping the analysis can follow
// (a closure or a named function) makes a template that starts with a
// variable ("${state}/settings.json", "$state/app.lock") the path below
// what the mapping returns, whichever name it is given. A mapping that
// returns its argument, or something the analysis cannot follow, leaves
// the result a path expanded by os.Expand.
package expandmapping

import (
	"os"
	"path/filepath"
)

// dirKind names a base directory in a template.
type dirKind string

const (
	homeDir  dirKind = "home"
	stateDir dirKind = "state"
)

// dirs holds the base directories, filled once.
var dirs = make(map[dirKind]string, 2)

// layout holds the templates of the program's files.
var layout = map[string]string{
	"settings": "${state}/settings.json",
	"lock":     "$state/app.lock",
	"inbox":    "${home}/Inbox",
}

// resolved holds the templates, expanded.
var resolved = make(map[fileName]string)

// fileName names one of the program's files.
type fileName string

func init() {
	home, err := os.UserHomeDir()
	if err != nil {
		panic(err)
	}
	dirs[homeDir] = home
	dirs[stateDir] = filepath.Join(home, ".app")
	for name, tmpl := range layout {
		resolved[fileName(name)] = filepath.Clean(os.Expand(tmpl, func(v string) string {
			return dirs[dirKind(v)]
		}))
	}
}

// location returns a file's expanded path.
func location(name fileName) string { return resolved[name] }

// baseOf is a named mapping.
func baseOf(v string) string { return dirs[dirKind(v)] }

func save(data []byte) {
	_ = os.WriteFile(location("settings"), data, 0o600)         // want `a path under the home directory from os.UserHomeDir`
	_ = os.MkdirAll(os.Expand("${state}/cache", baseOf), 0o700) // want `a path under the home directory from os.UserHomeDir`
}

// unknown returns a directory the analysis cannot follow.
func unknown(f func() string) string { return f() }

func opaque(data []byte, f func() string) {
	// The mapping returns its argument: the names are the path.
	_ = os.WriteFile(os.Expand("${state}/a.txt", func(v string) string { return v }), data, 0o600) // want `a path expanded by os.Expand`
	// The mapping returns what the analysis cannot follow.
	_ = os.WriteFile(os.Expand("${state}/b.txt", func(string) string { return unknown(f) }), data, 0o600) // want `a path expanded by os.Expand`
	// A template with a second variable, or one that does not start
	// with a variable, is not a path below the mapping's result.
	_ = os.WriteFile(os.Expand("${state}/${name}.txt", baseOf), data, 0o600) // want `a path expanded by os.Expand`
	_ = os.WriteFile(os.Expand("logs/${state}", baseOf), data, 0o600)        // want `a path expanded by os.Expand`
	// os.Getenv as the mapping is the environment's.
	_ = os.WriteFile(os.Expand("${APP_DIR}/c.txt", os.Getenv), data, 0o600) // want `a path expanded by os.Expand`
}

// SetState moves the state directory where the caller says: the
// templates below it follow (the caller's argument is checked where it is
// passed).
func SetState(dir string) { dirs[stateDir] = filepath.Clean(dir) }

func moveState() {
	SetState("state") // want `expandmapping.SetState receives "state" relative to the working directory for a path it writes`
}
