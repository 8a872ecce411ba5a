// Package trimprefix: strings.TrimPrefix of a constant prefix off a path
// built on a literal. Where the prefix is the whole literal, what is left
// is what followed it (a name the analysis cannot follow): no longer the
// literal's, so no "relative to the working directory" finding; where
// some of the literal stays, the path is still that literal's.
package trimprefix

import (
	"bufio"
	"os"
	"strings"
)

// node is a file tree's entry, keyed by "./" and the file's path.
type node struct{ path string }

func (n *node) name() string { return strings.TrimPrefix(n.path, "./") }

func main() {
	sc := bufio.NewScanner(os.Stdin)
	sc.Scan()
	file := sc.Text()
	n := &node{path: "./" + file}
	_ = os.Remove(n.name())                                     // ok: the prefix is gone; the scanned name is unproven
	_ = os.Remove("./" + file)                                  // want `os.Remove writes "./\*" relative to the working directory`
	_ = os.Remove(strings.TrimPrefix("./cache/"+file, "./"))    // want `os.Remove writes "cache/\*" relative to the working directory`
	_ = os.Remove(strings.TrimPrefix("./cache/"+file, "/tmp/")) // want `os.Remove writes "./cache/\*" relative to the working directory`
}
