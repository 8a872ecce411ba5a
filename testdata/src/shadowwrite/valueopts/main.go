// Package valueopts: a library copies its directory parameter into an
// options struct passed by value; the struct's field is followed back to
// the parameter, so the caller's directory is checked at the call.
package valueopts

import (
	"flag"

	"shadowwrite/valueopts/lib"
)

var out = flag.String("out", "", "where to render the pages")

func render() {
	_ = lib.GenTree("app", "man")                               // want `lib.GenTree receives "man" relative to the working directory`
	_ = lib.GenTree("app", *out)                                // ok: the user's --out
	_ = lib.GenTreeFromOpts("app", lib.TreeOptions{Path: *out}) // ok: the user's --out
}
