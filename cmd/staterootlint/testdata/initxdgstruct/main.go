// Command initxdgstruct keeps its state below the XDG bases a resolver
// library keeps in the fields of one value, reached through the
// library's helpers that join the program's name below them: its
// configuration in the configuration base, its dumps in the state base,
// its clusters in the data base.
package main

import (
	"os"
	"path/filepath"

	"example.com/xdgstruct"
)

func main() {
	conf, err := xdgstruct.ConfigFile("xsprog")
	if err != nil {
		return
	}
	_ = os.WriteFile(filepath.Join(conf, "config.yaml"), nil, 0o600)
	if dumps, err := xdgstruct.StateFile(filepath.Join("xsprog", "dumps")); err == nil {
		_ = os.MkdirAll(dumps, 0o700)
	}
	if data, err := xdgstruct.DataFile("xsprog"); err == nil {
		_ = os.WriteFile(filepath.Join(data, "clusters.yaml"), nil, 0o600)
	}
	_ = os.WriteFile(filepath.Join(xdgstruct.StateHome, "xsprog", "last-run"), nil, 0o600)
}
