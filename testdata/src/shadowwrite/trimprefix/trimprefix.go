// Package trimprefix: strings.TrimPrefix of a constant prefix off a path
// built on a literal. Where the prefix is the whole literal, what is left
// is what followed it (a name the analysis cannot follow): no longer the
// literal's, so no "relative to the working directory" finding; where
// some of the literal stays, the path is still that literal's. "./"
// names nothing, so "./" + a scanned name is the scanned name.
package trimprefix

import (
	"bufio"
	"os"
	"strings"
)

// name is a file tree's entry name, "./" and the file's path, with the
// "./" cut off again.
func name(file string) string { return strings.TrimPrefix("./"+file, "./") }

func main() {
	sc := bufio.NewScanner(os.Stdin)
	sc.Scan()
	file := sc.Text()
	_ = os.Remove(name(file))                                   // ok: the prefix is gone; the scanned name is unproven
	_ = os.Remove(strings.TrimPrefix("./state.json", "./"))     // want `os.Remove writes "state.json" relative to the working directory`
	_ = os.Remove("./" + file)                                  // ok: "./" + the scanned name is the scanned name: unproven
	_ = os.Remove(strings.TrimPrefix("./cache/"+file, "./"))    // want `os.Remove writes "cache/\*" relative to the working directory`
	_ = os.Remove(strings.TrimPrefix("./cache/"+file, "/tmp/")) // want `os.Remove writes "./cache/\*" relative to the working directory`
}
