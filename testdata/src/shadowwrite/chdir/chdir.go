// Package chdir: a receiver changes into the directory the user chose with
// --out and then writes relative names. Relative to the new working
// directory they land under the user's directory; an engine that does not
// model os.Chdir reports them as relative to wherever the tool started.
package chdir

import (
	"flag"
	"os"
	"path/filepath"
)

var out = flag.String("out", ".", "directory to receive into")

func unpack(dest string, names []string) error {
	for _, n := range names {
		if err := os.MkdirAll(filepath.Join(dest, filepath.Dir(n)), 0o755); err != nil {
			return err
		}
	}
	return nil
}

func randomName() (string, error) {
	f, err := os.CreateTemp(".", "recv-") // ok: only called after Chdir(--out)
	if err != nil {
		return "", err
	}
	defer f.Close()
	return f.Name(), nil
}

func receive(names []string) error {
	if *out != "." {
		if err := os.Chdir(*out); err != nil {
			return err
		}
	}
	if _, err := randomName(); err != nil {
		return err
	}
	return unpack(".", names) // ok: "." is the user's --out directory now
}

func receiveNoChdir(names []string) error {
	return unpack("incoming", names) // want `relative to the working directory`
}
