// Package fileauthority has an authority that names a file inside the
// global root (a settings file), not the root itself.
package fileauthority

import (
	"os"
	"path/filepath"
)

// SettingsFile is the settings file, inside the global state root.
//
//staterootlint:authority global file
func SettingsFile() string { return os.Getenv("APP_SETTINGS") }

func save(data []byte) {
	p := SettingsFile()
	os.MkdirAll(filepath.Dir(p), 0o755)                                  // ok: the root itself
	os.WriteFile(p+".bak", data, 0o644)                                  // ok: a sibling inside the root
	os.WriteFile(filepath.Join(filepath.Dir(p), "x.lock"), data, 0o644)  // ok: inside the root
	os.WriteFile(p, data, 0o644)                                         // ok: the file
	os.WriteFile(filepath.Join(filepath.Dir(p), "..", "x"), data, 0o644) // want `climbs out of its global state root`
}
