// Package baseauthority writes below a base many programs share, declared
// xdg.ConfigHome=global:base with state-dir .myapp: the program's root is
// ConfigHome/myapp, and every other name below the base is outside it.
package baseauthority

import (
	"os"
	"path/filepath"

	"shadowwrite/baseauthority/xdg"
)

func save(data []byte, name string) {
	os.MkdirAll(xdg.ConfigHome, 0o755)                                              // ok: the base itself, above the root
	os.MkdirAll(filepath.Join(xdg.ConfigHome, "myapp"), 0o755)                      // ok: the root
	os.WriteFile(filepath.Join(xdg.ConfigHome, "myapp", "state.json"), data, 0o644) // ok: in the root
	os.WriteFile(xdg.ConfigHome+"/myapp/cache/x.json", data, 0o644)                 // ok: in the root
	os.WriteFile(filepath.Join(xdg.ConfigHome, "foo2", "state.json"), data, 0o644)  // want `"foo2/state.json" under the shared base xdg.ConfigHome, outside this program's directory "myapp" in it`
	os.WriteFile(filepath.Join(xdg.ConfigHome, "myapp.json"), data, 0o644)          // want `"myapp.json" under the shared base xdg.ConfigHome, outside`
	os.WriteFile(filepath.Join(xdg.ConfigHome, "myapp", "..", "x"), data, 0o644)    // want `"x" under the shared base xdg.ConfigHome, outside`
	os.WriteFile(filepath.Join(xdg.ConfigHome, name), data, 0o644)                  // unproven: a name the analysis cannot see below the base
}

func viaHelper(data []byte) {
	if p, err := xdg.ConfigFile("myapp/config.yaml"); err == nil { // ok: its directory is the root
		os.WriteFile(p, data, 0o644) // ok: in the root
	}
	// The directory ConfigFile creates is a name its callers pass, unproven
	// in xdg itself; the write below it is where the name is known.
	if p, err := xdg.ConfigFile("foo2/config.yaml"); err == nil {
		os.WriteFile(p, data, 0o644) // want `"foo2/config.yaml" under the shared base xdg.ConfigHome, outside`
	}
	// The same through a helper that tries each base of a list in turn.
	if p, err := xdg.SearchFile("myapp/config.yaml"); err == nil {
		os.WriteFile(p, data, 0o644) // ok: in the root
	}
	if p, err := xdg.SearchFile("foo2/config.yaml"); err == nil {
		os.WriteFile(p, data, 0o644) // want `"foo2/config.yaml" under the shared base xdg.ConfigHome, outside`
	}
}
