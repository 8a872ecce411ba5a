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
	if err := os.WriteFile("received.txt", nil, 0o644); err != nil { // ok: under --out
		return err
	}
	if _, err := RandomName(); err != nil {
		return err
	}
	return unpack(".", names) // ok: "." is the user's --out directory now
}

// RandomName is exported: callers in other packages may not have changed
// directory.
func RandomName() (string, error) {
	f, err := os.CreateTemp(".", "any-") // want `relative to the working directory`
	if err != nil {
		return "", err
	}
	defer f.Close()
	return f.Name(), nil
}

// receiveUnchecked ignores Chdir's error: on failure it writes where it
// started.
func receiveUnchecked() error {
	os.Chdir(*out)
	return os.WriteFile("received.txt", nil, 0o644) // want `relative to the working directory`
}

// receiveFixed changes into a fixed directory outside every root: the
// relative write lands there.
func receiveFixed() error {
	if err := os.Chdir("/srv/incoming"); err != nil {
		return err
	}
	return os.WriteFile("received.txt", nil, 0o644) // want `the fixed path "/srv/incoming/received.txt"`
}

func receiveNoChdir(names []string) error {
	return unpack("incoming", names) // want `relative to the working directory`
}
