// Package opaquetransform: a user-written config value goes through a
// template expansion and a variable expansion (text/template into a
// strings.Builder) before it is created. The result derives from the
// user's value; an engine that cannot see through the expansion calls it
// a value it cannot follow.
package opaquetransform

import (
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"strings"
	"text/template"

	shexpand "mvdan.cc/sh/v3/expand"
	"mvdan.cc/sh/v3/syntax"
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

// expandShell expands the variables in s as a shell does (mvdan.cc/sh):
// the word's text is the user's, and so is what it names.
func expandShell(s string) (string, error) {
	word, err := syntax.NewParser().Document(strings.NewReader(s))
	if err != nil {
		return "", err
	}
	return shexpand.Literal(&shexpand.Config{Env: os.Getenv}, word)
}

func runShell(vars map[string]string) error {
	data, err := os.ReadFile(*file)
	if err != nil {
		return err
	}
	var def taskDef
	if err := json.Unmarshal(data, &def); err != nil {
		return err
	}
	dir, err := expandShell(expand(def.Dir, vars))
	if err != nil {
		return err
	}
	return os.MkdirAll(dir, 0o755) // ok: the user's dir: entry, expanded twice
}

func runShellBad() error {
	dir, err := expandShell("$HOME/.tasks")
	if err != nil {
		return err
	}
	return os.MkdirAll(dir, 0o755) // want `os.MkdirAll writes`
}

// below builds base + "/" + name in a builder: the first write is the
// origin, the later ones a pattern below it.
func below(base, name string) string {
	var b strings.Builder
	b.WriteString(base)
	fmt.Fprintf(&b, "/%s", name)
	return b.String()
}

func runBelow() {
	os.MkdirAll(below(*file+".d", "cache"), 0o755) // ok: below the user's file
	os.MkdirAll(below("build", "cache"), 0o755)    // want `os.MkdirAll writes "build\*" relative to the working directory`
}
