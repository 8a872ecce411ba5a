package closerlist

// This file's name sorts before closerlist.go on purpose: the engine
// meets this other invocation of Close first.

import (
	"io"
	"os"
	"strings"
)

// source is another interface whose Close the package invokes, on a file
// of the standard library or a wrapper of one: the journal is no callee of
// it, and its own route must stay followed.
type source struct{ reader io.ReadCloser }

func read(name string) {
	var src source
	if name == "-" {
		src.reader = io.NopCloser(strings.NewReader("x"))
	} else {
		f, err := os.Open(name)
		if err != nil {
			return
		}
		src.reader = f
	}
	defer src.reader.Close()
}
