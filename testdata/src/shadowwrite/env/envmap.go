package env

import (
	"os"
	"path/filepath"
	"strings"
)

// A copy of the environment in a map, read at constant keys instead of
// os.Getenv: the element at a key is that variable, also where the map
// is passed on or kept in a field.

type environ map[string]string

func environment() environ {
	env := environ{}
	for _, kv := range os.Environ() {
		k, v, _ := strings.Cut(kv, "=")
		env[k] = v
	}
	return env
}

type settings struct {
	stateDir string
	env      environ
}

func loadSettings(env environ) *settings {
	s := &settings{env: env}
	s.stateDir = env["MYAPP_GLOBAL_STATE_ROOT"]
	return s
}

func (s *settings) save(data []byte) {
	os.WriteFile(filepath.Join(s.stateDir, "state.json"), data, 0o644) // ok: the root override, read from the copy
}

func (s *settings) trace(data []byte) {
	os.WriteFile(s.env["MYAPP_TRACE_FILE"], data, 0o644)
}

func runSettings(data []byte) {
	s := loadSettings(environment()) // want `os.WriteFile at envmap.go:40`
	s.save(data)
	s.trace(data)
}

// A map the function makes and keeps to itself holds what the package
// stores into maps of its type (rule made-maps): its literal's element is
// the fixed path. The copy at a key that is not constant is not followed;
// a value the program stores at the override's key, in any map of the
// copy's type, is not the override.

type vars map[string]string

func snapshot() vars {
	v := vars{}
	for _, kv := range os.Environ() {
		name, val, _ := strings.Cut(kv, "=")
		v[name] = val
	}
	return v
}

func otherMaps(data []byte, name string) {
	paths := map[string]string{"state": "/var/lib/myapp/state"}
	os.WriteFile(paths["state"], data, 0o644) // want `os.WriteFile writes the fixed path "/var/lib/myapp/state"`
	env := environment()
	os.WriteFile(env[name], data, 0o644) // ok: not proven rooted: the unproven analyzer lists it
	v := snapshot()
	v["MYAPP_GLOBAL_STATE_ROOT"] = "state"
	os.WriteFile(filepath.Join(v["MYAPP_GLOBAL_STATE_ROOT"], "x"), data, 0o644) // want `os.WriteFile writes "state/x" relative to the working directory`
}
