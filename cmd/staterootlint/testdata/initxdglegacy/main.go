// Command initxdglegacy keeps its state below the XDG bases a resolver
// library keeps in the fields of one value, as initxdgstruct does, but
// under two names of its own: its configuration where an older release
// kept it, below "legacyorg/xlprog", and its state below "xlprog"
// (lazygit's shape: jesseduffield/lazygit and lazygit). state-dir names
// one directory below the bases: declared :base, the writes below the
// other would be outside the root.
package main

import (
	"os"
	"path/filepath"

	"example.com/xdgstruct"
)

func main() {
	conf, err := xdgstruct.ConfigFile(filepath.Join("legacyorg", "xlprog", "config.yaml"))
	if err != nil {
		return
	}
	_ = os.WriteFile(conf, nil, 0o600)
	if dumps, err := xdgstruct.StateFile(filepath.Join("xlprog", "dumps")); err == nil {
		_ = os.MkdirAll(dumps, 0o700)
	}
}
