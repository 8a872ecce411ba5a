// Package convertedimpls: an interface method with several
// implementations in sight. Those whose concrete type the package converts
// to the interface are values the receiver may hold, so a write one of
// them makes with its parameter is evidence at the call, even where
// another implementation (a dry run, a wrapper) writes nothing. An
// implementation the package never converts to the interface is no such
// evidence.
package convertedimpls

import (
	"flag"
	"os"

	"rootflow/rules/converted-impls/envs"
	"rootflow/rules/converted-impls/layers"
)

// system is the program's own filesystem layer, with a real
// implementation, a dry run and a read-only wrapper.
type system interface {
	removeAll(path string) error
	writeFile(path string, data []byte) error
}

type realSystem struct{}

func (realSystem) removeAll(path string) error { return os.RemoveAll(path) }

func (realSystem) writeFile(path string, data []byte) error {
	return os.WriteFile(path, data, 0o600)
}

type dryRunSystem struct{ inner system }

func (dryRunSystem) removeAll(string) error { return nil }

func (dryRunSystem) writeFile(string, []byte) error { return nil }

type readOnlySystem struct{ inner system }

func (readOnlySystem) removeAll(string) error { return os.ErrPermission }

func (readOnlySystem) writeFile(string, []byte) error { return os.ErrPermission }

type config struct {
	dest system
	out  string
}

var dryRun = flag.Bool("dry-run", false, "change nothing")

func newConfig() *config {
	c := &config{dest: realSystem{}}
	flag.StringVar(&c.out, "output", "", "where to write")
	if *dryRun {
		c.dest = dryRunSystem{inner: c.dest}
	}
	return c
}

func (c *config) purgeBinary() error {
	exe, err := os.Executable()
	if err != nil {
		return err
	}
	return c.dest.removeAll(exe) // want `os.Executable`
}

func (c *config) writeOutput(data []byte) error {
	return c.dest.writeFile(c.out, data) // ok: the user's --output
}

func (c *config) readOnly() system { return readOnlySystem{inner: c.dest} }

// store has two implementations in sight, and the package makes only the
// in-memory one a store: the disk store's write is no evidence here (a
// package that converts it would be).
type store interface{ put(key string) error }

type diskStore struct{}

func (diskStore) put(key string) error { return os.WriteFile(key, nil, 0o600) }

type memStore struct{ m map[string]bool }

func (s memStore) put(key string) error { s.m[key] = true; return nil }

func newStore() store { return memStore{m: map[string]bool{}} }

func record(s store) error { return s.put("seen") } // ok: only a memStore is ever made a store here

// A job's environment: a host one made here, or a container one from
// envs.New, which converts it where this package does not see. The
// receiver's other types are not all in sight, and the path comes from
// the receiver's own namespace: the call is not bound to the host's
// write.
type job struct{ env envs.Env }

func newJob(onHost bool) *job {
	if onHost {
		return &job{env: &envs.Host{Dir: os.TempDir()}}
	}
	return &job{env: envs.New()}
}

func (j *job) setup() error { return j.env.Copy(j.env.ActPath() + "/") } // ok: "/var/run/act" is the container's path, not the host's

// A library function calling a method of the interface value its caller
// passes: the implementations the library converts are not what the
// caller passes, so the caching one's copy does not bind the call, and
// the plain file system read here writes nothing.
func readNotes() ([]byte, error) {
	return layers.ReadFile(layers.NewPlain(), "notes.txt") // ok: the plain file system only reads
}

func main() {
	_, _ = readNotes()
	_ = newJob(false).setup()
	c := newConfig()
	_ = c.purgeBinary()
	_ = c.writeOutput(nil)
	_ = c.readOnly()
	_ = record(newStore())
}
