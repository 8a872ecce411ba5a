// Package nestedobjects: a path kept two fields below an object (the
// entry a handle holds, the options a server holds by value) is the
// field of that object's field, not of every object of the type. A
// handle that is never indexed may hold an entry named by a relative
// literal; a handle that is saved may not.
package nestedobjects

import (
	"os"
	"path/filepath"

	"shadowwrite/nestedobjects/repo"
)

// handle is the program's own repository handle; save writes below its
// entry's name.
type handle struct {
	entry *repo.Entry
}

func newHandle(e *repo.Entry) *handle { return &handle{entry: e} }

func (h *handle) save() error {
	return os.WriteFile(filepath.Join(h.entry.Name, "state.json"), nil, 0o600)
}

// rename points the handle at a new entry: a setter, whose entry's name
// the save requires as well.
func (h *handle) rename(name string) { h.entry = &repo.Entry{Name: name} }

// options are a server's settings, held by value.
type options struct {
	Dir  string
	Name string
}

type server struct {
	opts options
}

func newServer(o options) *server { return &server{opts: o} }

func (s *server) flush() error {
	return os.WriteFile(filepath.Join(s.opts.Dir, "flush.log"), nil, 0o600)
}

func download(key string) error {
	e := &repo.Entry{Name: "dl-" + key, URL: "https://example.com/" + key} // ok: repo.Index is never called on this entry's handle
	return repo.New(e).Download()
}

func main() {
	_ = download(os.Args[1])
	_ = newHandle(&repo.Entry{Name: "local-index"}).save() // want `field repo.Entry.Name is assigned "local-index" relative to the working directory, and it is written`
	h := newHandle(&repo.Entry{Name: os.TempDir()})
	h.rename("renamed") // want `rename receives "renamed" relative to the working directory`
	_ = h.save()
	_ = newServer(options{Dir: "logs", Name: "a"}).flush() // want `field nestedobjects.options.Dir is assigned "logs" relative to the working directory, and it is written`
	_ = newServer(options{Dir: os.TempDir()})              // ok: never flushed
}
