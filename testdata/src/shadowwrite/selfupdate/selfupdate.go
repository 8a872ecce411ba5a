// Package selfupdate replaces the running binary, declared with
// //staterootlint:allow-write exe: the executable and the siblings named
// from it are the command's to write; anything else next to the binary
// stays shadow state.
package selfupdate

import (
	"os"
	"path/filepath"
)

// upgrade swaps a new binary in, keeping the old one beside it.
//
//staterootlint:allow-write exe
func upgrade(data []byte) {
	exe, _ := os.Executable()
	os.Rename(exe, exe+".old")                                              // ok: the executable and a sibling named from it
	os.WriteFile(exe, data, 0o755)                                          // ok: the executable
	f, _ := os.CreateTemp(filepath.Dir(exe), ".upgrade-*")                  // ok: a temporary file in its directory
	os.Rename(f.Name(), exe)                                                // ok: renamed onto it
	os.WriteFile(filepath.Join(filepath.Dir(exe), "app.lock"), data, 0o644) // want `os.WriteFile writes a path next to the executable`
}

// status keeps a log next to the binary, and declares nothing.
func status(data []byte) {
	exe, _ := os.Executable()
	os.WriteFile(exe+".log", data, 0o644) // want `os.WriteFile writes a path next to the executable from os.Executable .*; if the command replaces the running binary on purpose, declare it on the command with //staterootlint:allow-write exe$`
}
