// Package fixabs writes below a literal absolute path holding the
// program's state dir: the fix derives the root from the authority and
// keeps the rest, importing path/filepath for the join. The test
// configures -state-dir=.myapp.
package fixabs

import (
	"os"

	"github.com/staterootlint/staterootlint/stateroots"
)

var _ = stateroots.Join

// SaveState returns how much it wrote.
func SaveState(data []byte) (int, error) {
	return len(data), os.WriteFile("/home/me/.myapp/state.json", data, 0o644) // want `os\.WriteFile writes the fixed path "/home/me/\.myapp/state\.json"`
}

// SavePID writes a fixed path that is not the state dir's: no fix.
func SavePID(data []byte) error {
	return os.WriteFile("/var/tmp/myapp.pid", data, 0o644) // want `os\.WriteFile writes the fixed path "/var/tmp/myapp\.pid"`
}
