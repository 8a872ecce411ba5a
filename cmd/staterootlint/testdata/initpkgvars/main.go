// Command initpkgvars keeps its files where package variables of its
// locs package say (k9s's shape: InitLocs fills AppConfigDir and its
// siblings from $K9S_CONFIG_DIR or adrg/xdg), read by the writes
// everywhere else. A variable of its own that only names where an export
// goes, from a flag, is no location.
package main

import (
	"flag"
	"os"
	"path/filepath"

	"example.com/initpkgvars/internal/locs"
)

var export = flag.String("export", "", "write the export there")

func main() {
	flag.Parse()
	if locs.Init() != nil || locs.InitLog() != nil {
		return
	}
	f, err := os.OpenFile(locs.LogFile, os.O_CREATE|os.O_WRONLY|os.O_APPEND, 0o600)
	if err == nil {
		_ = f.Close()
	}
	_ = locs.EnsureAliases()
	_ = os.WriteFile(locs.ConfigFile, []byte("{}\n"), 0o600)
	_ = os.MkdirAll(locs.DumpsDir, 0o700)
	_ = os.WriteFile(filepath.Join(locs.DumpsDir, "last.txt"), nil, 0o600)
	dir := locs.ClusterDir("prod")
	_ = os.MkdirAll(dir, 0o700)
	_ = os.WriteFile(filepath.Join(dir, "config.yaml"), nil, 0o600)
	if *export != "" {
		_ = os.WriteFile(*export, nil, 0o600)
	}
}
