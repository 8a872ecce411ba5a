// Command initfileres rewrites its settings file and its state file,
// and keeps a lock and a backup beside each.
package main

import (
	"os"
	"path/filepath"

	"example.com/initfileres/internal/paths"
)

func main() {
	cfg := paths.GlobalConfigFile()
	_ = os.MkdirAll(filepath.Dir(cfg), 0o755)
	_ = os.WriteFile(cfg, nil, 0o644)
	_ = os.WriteFile(filepath.Join(filepath.Dir(cfg), "fileres.lock"), nil, 0o644)

	st := paths.StateFile()
	_ = os.MkdirAll(filepath.Dir(st), 0o755)
	_ = os.WriteFile(st, nil, 0o644)
	_ = os.WriteFile(filepath.Join(filepath.Dir(st), "history.jsonl"), nil, 0o644)

	dir := paths.GlobalDir()
	_ = os.WriteFile(filepath.Join(dir, "plugins.json"), nil, 0o644)
}
