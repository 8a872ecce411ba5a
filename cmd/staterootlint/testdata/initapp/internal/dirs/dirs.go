// Package dirs is the program's own resolver of its state directory.
package dirs

import (
	"os"
	"path/filepath"
)

// StateDir is $INITAPP_HOME, else $XDG_STATE_HOME/initapp, else ~/.initapp.
func StateDir() (string, error) {
	if d := os.Getenv("INITAPP_HOME"); d != "" {
		return d, nil
	}
	if x := os.Getenv("XDG_STATE_HOME"); x != "" {
		return filepath.Join(x, "initapp"), nil
	}
	home, err := os.UserHomeDir()
	if err != nil {
		return "", err
	}
	return filepath.Join(home, ".initapp"), nil
}

// LogDir derives from StateDir: not a resolver of its own.
func LogDir() (string, error) {
	d, err := StateDir()
	if err != nil {
		return "", err
	}
	return filepath.Join(d, "logs"), nil
}

// LegacyDir only joins onto the home directory: a decoy, an ad hoc root
// that must not be proposed however many writes it feeds.
func LegacyDir() string {
	home, _ := os.UserHomeDir()
	return filepath.Join(home, ".initapp-old")
}
