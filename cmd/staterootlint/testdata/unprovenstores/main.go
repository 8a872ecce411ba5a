// Command unprovenstores writes one path, a field two functions store
// values into that the analysis cannot follow: two findings, one write.
package main

import (
	"maps"
	"os"
	"path/filepath"
)

type state struct{ path string }

// byName hands its map to another package, which may store into it
// unseen: its elements are not followed.
func byName() map[string]string {
	m := map[string]string{}
	for _, a := range os.Args {
		m[filepath.Base(a)] = a
	}
	return maps.Clone(m)
}

func (s *state) fromState() { s.path = byName()["state"] }

func (s *state) fromCache() { s.path = byName()["cache"] }

func (s *state) save() error { return os.WriteFile(s.path, nil, 0o600) }

func main() {
	s := &state{}
	if len(os.Args) > 2 {
		s.fromState()
	} else {
		s.fromCache()
	}
	_ = s.save()
}
