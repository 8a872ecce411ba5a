// Command initfile keeps its settings file, a backup and a database
// beside it, and its plugins in a directory.
package main

import (
	"os"
	"path/filepath"

	"example.com/initfile/internal/conf"
)

func main() {
	p := conf.SettingsFile()
	_ = os.MkdirAll(filepath.Dir(p), 0o755)
	_ = os.WriteFile(p+".bak", nil, 0o644)
	_ = os.WriteFile(p, nil, 0o644)
	_ = os.WriteFile(filepath.Join(filepath.Dir(p), "state.db"), nil, 0o644) // beside the file: inside the root only as :file says

	plugins := conf.PluginDir()
	_ = os.MkdirAll(plugins, 0o755)
	_ = os.WriteFile(filepath.Join(plugins, "index.json"), nil, 0o644)
}
