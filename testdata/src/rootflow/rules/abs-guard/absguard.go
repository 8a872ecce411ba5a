// Package absguard: a join that keeps absolute paths; a relative name
// goes below the base and never reaches the write as it is.
package absguard

import (
	"flag"
	"os"
	"path/filepath"
)

var out = flag.String("out", "", "where to write")

func resolve(base, p string) string {
	if !filepath.IsAbs(p) {
		p = filepath.Join(base, p)
	}
	return p
}

func main() {
	_ = os.WriteFile(resolve(*out, "notes.txt"), nil, 0o600)            // ok: a relative name goes below the user's dir
	_ = os.WriteFile(resolve(*out, "/etc/myapp/notes.txt"), nil, 0o600) // want `the fixed path "/etc/myapp/notes.txt"`
}
