package opaquetransform

import (
	"encoding/json"
	"os"
	"strings"

	"shadowwrite/opaquetransform/deepcopy"
)

// replace expands the templates in every string of v, as task runners
// expand a whole task definition: a generic over any, through a
// reflection-based deep copy in another package. Its result is a T, so
// it can only be v (or a copy of v) rebuilt: it keeps v's origin.
func replace[T any](v T, vars map[string]string) T {
	if s, ok := any(v).(string); ok && !strings.Contains(s, "{{") {
		return v
	}
	cp, err := deepcopy.Strings(v, func(s string) (string, error) { return expand(s, vars), nil })
	if err != nil {
		return v
	}
	return cp
}

func runGeneric(vars map[string]string) error {
	data, err := os.ReadFile(*file)
	if err != nil {
		return err
	}
	var def taskDef
	if err := json.Unmarshal(data, &def); err != nil {
		return err
	}
	if err := os.MkdirAll(replace(def.Dir, vars), 0o755); err != nil { // ok: the user's dir: entry, rebuilt by a generic deep copy
		return err
	}
	dir, err := deepcopy.Strings(def.Dir, nil)
	if err != nil {
		return err
	}
	return os.MkdirAll(dir, 0o755) // ok: the user's dir: entry through the deep copy itself
}

func runGenericBad(vars map[string]string) error {
	if err := os.MkdirAll(replace("build/{{.OS}}", vars), 0o755); err != nil { // want `os.MkdirAll writes "build/{{.OS}}" relative to the working directory`
		return err
	}
	dir, err := deepcopy.Strings("out", nil)
	if err != nil {
		return err
	}
	if err := os.MkdirAll(dir, 0o755); err != nil { // want `os.MkdirAll writes "out" relative to the working directory`
		return err
	}
	if err := os.MkdirAll(deepcopy.Zero[string](), 0o755); err != nil { // ok: not proven rooted: the unproven analyzer lists it
		return err
	}
	return os.MkdirAll(deepcopy.From[string](*file), 0o755) // ok: not proven rooted: the unproven analyzer lists it
}
