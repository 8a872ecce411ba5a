// Command initenvor keeps its configuration and data below directories
// its where package resolves, each path of which the user may relocate
// with a variable of its own (helm's shape: HELM_PLUGINS,
// HELM_REPOSITORY_CONFIG). Its report's default name is in the working
// directory, and no directory of the program's.
package main

import (
	"os"
	"path/filepath"

	"example.com/initenvor/internal/settings"
	"example.com/initenvor/internal/where"
)

func main() {
	s := settings.Load()
	_ = os.MkdirAll(filepath.Join(s.Extensions, "demo"), 0o755)
	_ = os.WriteFile(s.Sources, []byte("sources: []\n"), 0o600)
	_ = os.MkdirAll(filepath.Dir(s.Credentials), 0o700)
	_ = os.WriteFile(s.Credentials, []byte("{}\n"), 0o600)
	_ = os.WriteFile(s.Export, []byte("report\n"), 0o644)
	_ = os.WriteFile(where.DataPath("state.json"), []byte("{}\n"), 0o600)
	_ = os.WriteFile(where.ConfigPath("config.yaml"), []byte("{}\n"), 0o600)
	// the registry's logins are the client's to write: the program only
	// reads them
	if data, err := os.ReadFile(s.Registry); err == nil {
		_ = data
	}
}
