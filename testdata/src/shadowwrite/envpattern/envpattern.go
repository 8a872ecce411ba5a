// Package envpattern reads variables whose names it builds at run time
// (TOOL_<NAME>_VERSION): the configuration names them with patterns
// (user-env: [TOOL_*_VERSION], root-env: [APP_*_HOME]).
package envpattern

import (
	"os"
	"path/filepath"
	"strings"
)

// pin writes a tool's version file where the user's variable points.
func pin(name string, data []byte) {
	dir := os.Getenv("TOOL_" + strings.ToUpper(name) + "_VERSION")
	os.WriteFile(filepath.Join(dir, "version"), data, 0o644) // ok: the user's (user-env TOOL_*_VERSION)

	fixed := os.Getenv("TOOL_GO_VERSION")
	os.WriteFile(filepath.Join(fixed, "version"), data, 0o644) // ok: the user's, a name the pattern matches

	home := os.Getenv("APP_" + strings.ToUpper(name) + "_HOME")
	os.WriteFile(filepath.Join(home, "state.json"), data, 0o644) // ok: a root (root-env APP_*_HOME)

	other := os.Getenv("OTHER_" + strings.ToUpper(name) + "_DIR")
	os.WriteFile(filepath.Join(other, "x"), data, 0o644) // want `os.WriteFile writes a path from an environment variable named OTHER_\*_DIR`

	near := os.Getenv("TOOL_" + name)
	os.WriteFile(filepath.Join(near, "x"), data, 0o644) // want `os.WriteFile writes a path from an environment variable named TOOL_\* \(envpattern.go:26\), outside`

	plain := os.Getenv("TOOL_VERSIONS")
	os.WriteFile(filepath.Join(plain, "x"), data, 0o644) // want `os.WriteFile writes a path from the environment variable TOOL_VERSIONS`
}
