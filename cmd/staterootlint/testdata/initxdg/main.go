// Command initxdg keeps its state below the XDG bases of a resolver
// library: its configuration in ConfigHome/xdgprog, its history in
// DataHome/xdgprog.
package main

import (
	"os"
	"path/filepath"

	"example.com/xdgvars"
)

func main() {
	_ = os.MkdirAll(filepath.Join(xdgvars.ConfigHome, "xdgprog"), 0o755)
	_ = os.WriteFile(filepath.Join(xdgvars.ConfigHome, "xdgprog", "config.toml"), nil, 0o644)
	_ = os.WriteFile(filepath.Join(xdgvars.DataHome, "xdgprog", "history"), nil, 0o644)
	if p, err := xdgvars.ConfigFile("xdgprog/session.json"); err == nil {
		_ = os.WriteFile(p, nil, 0o644)
	}
}
