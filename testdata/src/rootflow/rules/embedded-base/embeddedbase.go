// Package embeddedbase: two kinds of node embed one base; a read of the
// base's field through a cache node sees only what cache nodes store. (A
// read through a method's receiver is also the receiver's object's, two
// fields deep, in the core: the package variable is what only this rule
// decides.)
package embeddedbase

import (
	"fmt"
	"os"
	"path/filepath"
)

type base struct{ dir string }

type cacheNode struct{ *base }

type stateNode struct{ *base }

func newCache() *cacheNode { return &cacheNode{base: &base{dir: os.TempDir()}} }

func newState() *stateNode { return &stateNode{base: &base{dir: "/etc/myapp"}} } // ok: a state node's dir is never written

func (n *cacheNode) flush() error {
	return os.WriteFile(filepath.Join(n.dir, "cache.bin"), nil, 0o600) // ok: a temporary directory
}

// shared is a cache node the package keeps: a read of its base's field
// is not through a parameter, so only the base's finer cell tells the
// kinds of node apart.
var shared = newCache()

func flushShared() error {
	return os.WriteFile(filepath.Join(shared.dir, "shared.bin"), nil, 0o600) // ok: a temporary directory
}

func main() {
	_ = newCache().flush()
	_ = flushShared()
	fmt.Println(newState().dir)
	_ = os.WriteFile("/var/lib/myapp/state", nil, 0o600) // want `the fixed path "/var/lib/myapp/state"`
}
