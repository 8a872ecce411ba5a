// Package expandauthority: a template expanded by os.Expand with a mapping
// over a base directory the configuration declares an authority for is
// under that root.
package expandauthority

import (
	"os"
	"path/filepath"
)

// bases holds the base directories by name.
var bases = map[string]string{}

// stateHome is declared an authority (global) in the configuration.
func stateHome() string {
	home, err := os.UserHomeDir()
	if err != nil {
		panic(err)
	}
	return filepath.Join(home, ".app")
}

func init() {
	bases["state"] = stateHome()
}

func save(data []byte) {
	p := os.Expand("${state}/settings.json", func(v string) string { return bases[v] })
	_ = os.WriteFile(p, data, 0o600) // ok: under the declared root
}
