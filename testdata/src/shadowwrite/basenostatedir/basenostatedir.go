// Package basenostatedir declares a shared base (a variable configured
// =global:base) without the state-dir that names the program's directory
// in it: every write below the base is outside, and the message says to
// set state-dir.
package basenostatedir

import (
	"os"
	"path/filepath"
)

// ConfigHome is a base many programs share.
var ConfigHome = os.Getenv("XDG_CONFIG_HOME")

func save(data []byte) {
	os.WriteFile(filepath.Join(ConfigHome, "myapp", "state.json"), data, 0o644) // want `the shared base basenostatedir.ConfigHome \(state-dir is not set, so this program's directory in it is not known: set state-dir\)`
}
