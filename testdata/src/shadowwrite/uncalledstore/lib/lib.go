// Package lib: an exported function of a library is called by other
// packages, whether or not this module calls it.
package lib

import "os"

// Settings says where a recording goes.
type Settings struct{ Out string }

var current = &Settings{Out: os.TempDir()}

// Defaults sets the recording's defaults.
func Defaults() {
	current.Out = "recording.out" // want `"recording.out" relative to the working directory`
}

func restore() {
	current.Out = "restored.out" // ok: nothing calls restore
}

// Record writes text where the settings say.
func Record(text string) error {
	return os.WriteFile(current.Out, []byte(text), 0o600)
}
