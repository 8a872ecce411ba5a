// Command initxdgresolvers keeps its configuration and its state below
// the XDG bases of a resolver library (initxdgstructlib), under two names
// of its own: "legacyorg/xrprog", where an older release kept its
// configuration and which it still uses when it exists, and "xrprog".
// Its own resolvers in internal/conf take its override variables first
// (lazygit's shape: findConfigFile, stateFilePath, ConfigDir, LogPath).
// No shared base can be declared (state-dir names one directory below
// it); the resolvers can.
package main

import (
	"os"
	"path/filepath"

	"example.com/initxdgresolvers/internal/conf"
	"example.com/initxdgresolvers/internal/logs"
)

func main() {
	_ = conf.SaveState([]byte("recent: []\n"))
	dir := conf.ConfigDir()
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return
	}
	_ = os.WriteFile(filepath.Join(dir, "config.yml"), nil, 0o600)
	if p, err := conf.LogPath(); err == nil {
		logs.Open(p)
	}
}
