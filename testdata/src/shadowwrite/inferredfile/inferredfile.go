// Package inferredfile has an authority declared without "file" whose
// result is a file (a settings file): the file's own siblings are inferred
// inside its root (p + SUFFIX, a temporary file in Dir(p) renamed onto p,
// MkdirAll(Dir(p))); any other name in Dir(p) is outside, as it is beside
// a directory root.
package inferredfile

import (
	"fmt"
	"os"
	"path/filepath"

	"github.com/staterootlint/staterootlint/stateroots"
)

// SettingsPath is the settings file.
//
//staterootlint:authority global
func SettingsPath() string { return os.Getenv("APP_SETTINGS") }

func save(data []byte) {
	p := SettingsPath()
	_ = os.MkdirAll(filepath.Dir(p), 0o755)                                 // ok: the file's directory
	_ = os.WriteFile(p+".bak", data, 0o644)                                 // ok: the file's own sibling, inferred
	f, _ := os.CreateTemp(filepath.Dir(p), ".settings-*")                   // ok: a temporary file beside it, renamed onto it
	_ = os.Rename(f.Name(), p)                                              // ok: the file itself
	_ = os.WriteFile(filepath.Join(filepath.Dir(p), "x.lock"), data, 0o644) // want `os.WriteFile writes the parent of a global state root \(filepath.Dir climbs above it\)`
	_ = os.WriteFile(p, data, 0o644)                                        // ok: the file
}

func numbered(name string, n int) string { return fmt.Sprintf("%s.%d", name, n) }

func rotate(name string) error { return os.Rename(numbered(name, 0), numbered(name, 1)) }

// atomicWrite writes name through a temporary file in its directory.
func atomicWrite(name string, data []byte) error {
	f, err := os.CreateTemp(filepath.Dir(name), filepath.Base(name)+".tmp-*")
	if err != nil {
		return err
	}
	if _, err := f.Write(data); err != nil {
		return err
	}
	if err := f.Close(); err != nil {
		return err
	}
	return os.Rename(f.Name(), name)
}

// Rotate rotates the settings file through helpers that take its name.
func Rotate(data []byte) {
	_ = rotate(SettingsPath())            // ok: the file's own siblings, inferred
	_ = atomicWrite(SettingsPath(), data) // ok: a temporary file beside it, renamed onto it
}

// The stateroots library's roots are directories: nothing is inferred.
func libraryRoot(data []byte) {
	root, _ := stateroots.GlobalStateRoot("myapp")
	_ = os.WriteFile(root+".bak", data, 0o644) // want `os.WriteFile writes a sibling of the global state root \("\.bak" appended without a separator\)`
}
