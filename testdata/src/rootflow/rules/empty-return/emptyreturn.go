// Package emptyreturn: `if p == "" { return p }` returns p only where it
// is empty; otherwise the result is below the user's directory.
package emptyreturn

import (
	"flag"
	"os"
	"path/filepath"
)

var out = flag.String("out", "", "where to write")

func place(p string) string {
	if p == "" {
		return p
	}
	return filepath.Join(*out, filepath.Base(p))
}

func main() {
	_ = os.WriteFile(place("state.json"), nil, 0o600) // ok: the name goes below the user's dir
	_ = os.WriteFile("state.json", nil, 0o600)        // want `"state.json" relative to the working directory`
}
