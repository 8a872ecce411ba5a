// Package baseenv writes below a base many programs share, read from the
// environment and declared root-env XDG_CONFIG_HOME=global:base with
// state-dir .myapp: the program's root is $XDG_CONFIG_HOME/myapp, and
// every other name below the base is outside it. MYAPP_HOME, declared
// without a kind, is a global root itself.
package baseenv

import (
	"os"
	"path/filepath"
)

func save(data []byte) {
	base := os.Getenv("XDG_CONFIG_HOME")
	os.MkdirAll(filepath.Join(base, "myapp"), 0o755)                                   // ok: the root
	os.WriteFile(filepath.Join(base, "myapp", "state.json"), data, 0o644)              // ok: in the root
	os.WriteFile(os.ExpandEnv("$XDG_CONFIG_HOME/myapp/cache.json"), data, 0o644)       // ok: in the root
	os.WriteFile(os.ExpandEnv("${XDG_CONFIG_HOME}/foo2/x"), data, 0o644)               // want `"foo2/x" under the shared base \$XDG_CONFIG_HOME, outside`
	os.WriteFile(os.ExpandEnv("$XDG_CONFIG_HOME/myapp/$USER"), data, 0o644)            // want `a path expanded from environment variables by os.ExpandEnv`
	os.WriteFile(filepath.Join(base, "foo2", "state.json"), data, 0o644)               // want `"foo2/state.json" under the shared base \$XDG_CONFIG_HOME, outside this program's directory "myapp" in it`
	os.WriteFile(filepath.Join(os.Getenv("MYAPP_HOME"), "state.json"), data, 0o644)    // ok: a root-env variable without a kind is a global root
	os.WriteFile(filepath.Join(os.Getenv("XDG_DATA_HOME"), "myapp", "x"), data, 0o644) // want `the environment variable XDG_DATA_HOME`
}
