// Package chdir: after a successful os.Chdir into the user's directory, a
// relative name lands below it.
package chdir

import (
	"flag"
	"os"
)

var out = flag.String("out", "", "directory to receive into")

func receive() error {
	if err := os.Chdir(*out); err != nil {
		return err
	}
	return os.WriteFile("received.txt", nil, 0o600) // ok: under --out
}

func stray() error {
	return os.WriteFile("stray.txt", nil, 0o600) // want `"stray.txt" relative to the working directory`
}
