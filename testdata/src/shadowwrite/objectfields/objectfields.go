// Package objectfields: one embedded base struct holds the directory of
// several node kinds; only the cache node's instance is ever written. The
// other kinds store user-chosen or working-directory paths in the same
// field, but no write reaches their objects. An engine that tells fields
// but not objects apart joins every store into the field and reports them
// all at the cache node's write.
package objectfields

import (
	"flag"
	"os"
	"path/filepath"
)

type base struct {
	dir string
}

func newBase(dir string) *base { return &base{dir: dir} }

func (b *base) Dir() string { return b.dir }

// fileNode is a node read from the user's file: never written.
type fileNode struct {
	*base
	name string
}

func newFileNode(dir, name string) *fileNode {
	return &fileNode{base: newBase(dir), name: name}
}

func (n *fileNode) Read() ([]byte, error) { return os.ReadFile(filepath.Join(n.dir, n.name)) }

// stdinNode reads standard input relative to the working directory: never
// written.
type stdinNode struct{ *base }

func newStdinNode() *stdinNode {
	wd, _ := os.Getwd()
	return &stdinNode{base: newBase(wd)} // ok: this object's dir is never written
}

// reset points a stdin node at the working directory again: the store is
// into a stdin node's base, never a cache node's.
func (s *stdinNode) reset() { s.dir = "." } // ok: this object's dir is never written

// cacheNode is the only node that writes its dir.
type cacheNode struct{ *base }

func newCacheNode() *cacheNode {
	cache, _ := os.UserCacheDir()
	return &cacheNode{base: &base{dir: filepath.Join(cache, "app", "remote")}}
}

func (n *cacheNode) Write(data []byte) error {
	if err := os.MkdirAll(n.dir, 0o755); err != nil { // ok: only cache nodes reach here
		return err
	}
	return os.WriteFile(filepath.Join(n.dir, "entry"), data, 0o644) // ok
}

// badCacheNode puts a cache node's base in the working directory: that
// object is written, so it is a shadow write.
func badCacheNode() *cacheNode {
	return &cacheNode{base: &base{dir: "remote-cache"}} // want `relative to the working directory`
}

// diskNode builds its base with the shared constructor: what its dir holds
// is what each call of newDiskNode passes, not what other nodes pass to
// newBase.
type diskNode struct{ *base }

func newDiskNode(dir string) *diskNode { return &diskNode{base: newBase(dir)} }

func (n *diskNode) Save(data []byte) error {
	return os.WriteFile(filepath.Join(n.dir, "disk"), data, 0o644) // ok: only disk nodes reach here
}

// setDir changes the dir of any node's base: through it, a cache node's
// dir can be anything.
func (b *base) setDir(d string) { b.dir = d }

func moved(data []byte) {
	c := newCacheNode()
	c.setDir("moved-cache") // want `relative to the working directory`
	_ = c.Write(data)
}

// relocate moves a cache node's base: its own store, reported.
func (n *cacheNode) relocate() { n.dir = "cache-here" } // want `relative to the working directory`

var dirFlag = flag.String("dir", ".", "taskfile directory")

func run(data []byte) {
	f := newFileNode(*dirFlag, "Taskfile.yml") // ok: the user's dir, only read
	_, _ = f.Read()
	s := newStdinNode()
	s.reset()
	_ = s.Dir()
	c := newCacheNode()
	_ = c.Write(data)
	_ = badCacheNode().Write(data)
	cache, _ := os.UserCacheDir()
	_ = newDiskNode(filepath.Join(cache, "app", "disk")).Save(data) // ok
	_ = newDiskNode("disk-cache").Save(data)                        // want `relative to the working directory`
}

// gitNode shares its base with a cache node in shared: moving it moves
// the cache node.
type gitNode struct{ *base }

func (g *gitNode) retarget() { g.dir = "here" } // want `relative to the working directory`

func shared(data []byte) {
	cache, _ := os.UserCacheDir()
	b := newBase(filepath.Join(cache, "app", "shared"))
	g := &gitNode{base: b}
	c := &cacheNode{base: b}
	g.retarget()
	_ = c.Write(data)
}
