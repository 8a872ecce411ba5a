// Package paths is an authority by configuration only (-authorities
// names its Layout.Global method): like a package declaring
// //staterootlint:authority, it may read the root overrides.
package paths

import "os"

// Layout resolves the state roots.
type Layout struct{ Home string }

// Global returns the global state root; no directive, it is configured.
func (l *Layout) Global() string {
	if dir := os.Getenv("MYAPP_GLOBAL_STATE_ROOT"); dir != "" { // ok: a configured authority's package
		return dir
	}
	return l.Home + "/.myapp"
}

func hub() string {
	return os.Getenv("MYAPP_HOME") // ok: the whole package is exempt
}
