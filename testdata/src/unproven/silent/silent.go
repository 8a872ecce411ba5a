// Package silent: without -unproven.report the writes reported lists
// are matched against ignore directives, never listed.
package silent

import (
	"maps"
	"os"
	"path/filepath"
)

// Dirs names a directory; its implementations are out of sight.
type Dirs interface{ Dir() string }

// byName hands its map to another package, which may store into it
// unseen: its elements are not followed.
func byName() map[string]string {
	m := map[string]string{}
	for _, a := range os.Args {
		m[filepath.Base(a)] = a
	}
	return maps.Clone(m)
}

func save(d Dirs, next func() string) {
	paths := byName()
	_ = os.WriteFile(filepath.Join(d.Dir(), "x"), nil, 0o600)     // ok: listed only with -unproven.report
	_ = os.WriteFile(paths["state"], nil, 0o600)                   // ok: listed only with -unproven.report
	_ = os.WriteFile(next(), nil, 0o600)                           // ok: listed only with -unproven.report
	_ = os.WriteFile("state.json", nil, 0o600)                     // ok: a proven shadow write, shadowwrite's
	_ = os.WriteFile(filepath.Join(os.TempDir(), "x"), nil, 0o600) // ok: temporary
}

func ignored() {
	paths := byName()
	//staterootlint:ignore unproven the caller fills the map from the authority
	_ = os.WriteFile(paths["log"], nil, 0o600) // ok: ignored with a reason
}
