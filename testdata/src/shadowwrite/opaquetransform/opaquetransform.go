// Package opaquetransform: a user-written config value goes through a
// template expansion and a variable expansion (text/template into a
// strings.Builder) before it is created. The result derives from the
// user's value; an engine that cannot see through the expansion calls it
// a value it cannot follow.
package opaquetransform

import (
	"encoding/json"
	"flag"
	"os"
	"strings"
	"text/template"
)

type taskDef struct {
	Dir string `json:"dir"`
}

var file = flag.String("taskfile", "tasks.json", "the user's task file")

// expand runs the value through a template, as task runners expand {{.VAR}}.
func expand(s string, vars map[string]string) string {
	t, err := template.New("").Parse(s)
	if err != nil {
		return s
	}
	var b strings.Builder
	if err := t.Execute(&b, vars); err != nil {
		return s
	}
	return b.String()
}

func run(vars map[string]string) error {
	data, err := os.ReadFile(*file)
	if err != nil {
		return err
	}
	var def taskDef
	if err := json.Unmarshal(data, &def); err != nil {
		return err
	}
	dir := expand(def.Dir, vars)
	return os.MkdirAll(dir, 0o755) // ok: the user's dir: entry, expanded
}

func runBad(vars map[string]string) error {
	dir := expand("build/{{.OS}}", vars)
	return os.MkdirAll(dir, 0o755) // want `os.MkdirAll writes`
}
