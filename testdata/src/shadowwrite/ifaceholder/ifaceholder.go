// Package ifaceholder: a write reached through an interface method reads
// a field of the object the implementation holds (a filesystem client's
// own location). What counts is what is stored into the locations the
// clients hold, not the same field of every location of the program.
package ifaceholder

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/staterootlint/staterootlint/stateroots"
)

// location is a parsed address: a scheme and a path.
type location struct {
	Scheme string
	Path   string
}

// parse splits an address into a location of its own.
func parse(addr string) *location {
	l := &location{}
	scheme, rest, _ := strings.Cut(addr, "://")
	l.Scheme = scheme
	l.Path = rest // ok: a parsed address's path, never written
	return l
}

// store is where blobs go.
type store interface {
	Put(name string, data []byte) error
}

// diskStore keeps blobs below its own location.
type diskStore struct {
	loc *location
}

func (d *diskStore) Put(name string, data []byte) error {
	if err := os.MkdirAll(d.loc.Path, 0o700); err != nil {
		return err
	}
	return os.WriteFile(filepath.Join(d.loc.Path, name), data, 0o600)
}

// memStore keeps blobs in memory.
type memStore struct{ blobs map[string][]byte }

func (m *memStore) Put(name string, data []byte) error {
	m.blobs[name] = data
	return nil
}

func open(project string, remote bool) store {
	if remote {
		return &memStore{blobs: map[string][]byte{}}
	}
	root, _ := stateroots.RepoStateRoot(project, "myapp")
	return &diskStore{loc: &location{Path: root}}
}

// spoolStore keeps blobs below a location of its own too: a fixed one.
type spoolStore struct{ loc *location }

func (s *spoolStore) Put(name string, data []byte) error {
	return os.WriteFile(filepath.Join(s.loc.Path, name), data, 0o600)
}

func spool() store {
	return &spoolStore{loc: &location{Path: "spool.d"}} // want `field ifaceholder.location.Path is assigned "spool.d" relative to the working directory, and it is written \(via field ifaceholder.spoolStore.loc`
}

// Save puts a blob in whatever store it is handed, from any package.
func Save(s store) error { return s.Put("blob", nil) }

func run(project, addr string) {
	_ = Save(open(project, addr != ""))
	_ = Save(spool())
	fmt.Println(parse("http://localhost:9000").Path)
}
