// Package convert: a node type converted to the cache node brings its
// base along, so the cache node's base holds what any mirror node's does.
package convert

import (
	"os"
	"path/filepath"
)

type base struct{ dir string }

func newBase(dir string) *base { return &base{dir: dir} }

type cacheNode struct{ *base }

func newCacheNode() *cacheNode {
	cache, _ := os.UserCacheDir()
	return &cacheNode{base: newBase(filepath.Join(cache, "app"))} // ok
}

func (n *cacheNode) Write(data []byte) error {
	return os.WriteFile(filepath.Join(n.dir, "entry"), data, 0o644)
}

// mirrorNode has a cache node's fields.
type mirrorNode struct{ *base }

func run(data []byte) {
	_ = newCacheNode().Write(data)
	m := &mirrorNode{base: newBase("mirror")} // want `relative to the working directory`
	_ = (*cacheNode)(m).Write(data)
}
