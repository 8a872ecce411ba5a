// Package ownadvice builds roots beside a program whose configuration
// names its own authority: the advice names it, not stateroots.
package ownadvice

import (
	"os"
	"path/filepath"
)

func stateFile() (string, error) {
	home, err := os.UserHomeDir()
	if err != nil {
		return "", err
	}
	return filepath.Join(home, "myapp", "state.json"), nil // want `^filepath\.Join builds a state path on os\.UserHomeDir outside the authority package; derive it from this program's authority adhocroot/configuredpkg\.StateDir \(global root\)$`
}

const logName = ".myapp/log" // want `^literal "\.myapp/log" names the state dir "\.myapp" outside the authority package; derive the path from this program's authority adhocroot/configuredpkg\.StateDir \(global root\)$`

const other = "logs/x" // ok: no state dir in it
