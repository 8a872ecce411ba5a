// Package envmap: a copy of the environment in a map, read at a root
// override's key by a helper.
package envmap

import (
	"os"
	"path/filepath"
	"strings"
)

func environ() map[string]string {
	m := map[string]string{}
	for _, kv := range os.Environ() {
		k, v, _ := strings.Cut(kv, "=")
		m[k] = v
	}
	return m
}

func write(env map[string]string) error {
	return os.WriteFile(filepath.Join(env["MYAPP_ROOT"], "state.json"), nil, 0o600) // ok: the root override, at its callers
}

func main() {
	_ = write(environ()) // ok: the element write reads is the root override
	env := environ()
	_ = os.WriteFile(filepath.Join(env["HOME"], "state.json"), nil, 0o600) // want `environment variable HOME`
}
