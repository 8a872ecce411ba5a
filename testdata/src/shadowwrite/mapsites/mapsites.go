// Package mapsites: two maps of one type, one of templates and one of the
// paths expanded from them (syncthing's locations), are two maps. The
// map a function makes and updates itself holds what it stores; an
// update through a variable, a field or a parameter may reach any map
// of the type, so every such map holds it too.
package mapsites

import (
	"os"
	"path/filepath"
)

// place names one of the program's files.
type place string

const (
	settingsFile place = "settings"
	lockFile     place = "lock"
)

// bases holds the base directories, filled once.
var bases = make(map[string]string, 2)

// templates are the program's files below the bases.
var templates = map[place]string{
	settingsFile: "${state}/settings.json",
	lockFile:     "${state}/app.lock",
}

// places holds the templates, expanded.
var places = make(map[place]string)

func init() {
	home, err := os.UserHomeDir()
	if err != nil {
		panic(err)
	}
	bases["state"] = filepath.Join(home, ".app")
	expand()
}

// expand makes the paths from the templates again.
func expand() {
	made := make(map[place]string)
	for name, tmpl := range templates {
		made[name] = filepath.Clean(os.Expand(tmpl, func(v string) string { return bases[v] }))
	}
	places = made // want `variable mapsites.places is assigned a path under the home directory from os.UserHomeDir \(mapsites.go:34\), and it is written`
}

// Override sets one place where the caller says (checked where it is
// passed).
func Override(name place, path string) { places[name] = path }

func save(data []byte) {
	_ = os.WriteFile(places[settingsFile], data, 0o600)
}

func lock() {
	_ = os.WriteFile(places[lockFile], nil, 0o600)
}

func moveLock() {
	Override(lockFile, "app.lock") // want `mapsites.Override receives "app.lock" relative to the working directory for a path it writes`
}

// Run runs the program's writes.
func Run(data []byte) {
	save(data)
	lock()
	moveLock()
}
