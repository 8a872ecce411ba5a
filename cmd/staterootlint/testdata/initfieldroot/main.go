// Command initfieldroot keeps its sessions, history and logs below the
// data directory of its settings.
package main

import (
	"os"
	"path/filepath"

	"example.com/initfieldroot/internal/config"
)

func main() {
	cfg := config.Load()
	_ = os.MkdirAll(cfg.DataDir, 0o755)
	_ = os.WriteFile(filepath.Join(cfg.DataDir, "history.jsonl"), nil, 0o644)
	save(cfg, "s1")
	_ = os.MkdirAll(filepath.Join(cfg.DataDir, "logs"), 0o755)
	_ = os.WriteFile(filepath.Join(cfg.DataDir, "logs", "run.log"), nil, 0o644)
	// ok: a path the user typed, expanded the same way, is the user's
	if len(os.Args) > 1 {
		_ = os.WriteFile(config.ExpandHome(os.Args[1]), nil, 0o644)
	}
}

func save(cfg *config.Config, id string) {
	dir := filepath.Join(cfg.DataDir, "sessions")
	_ = os.MkdirAll(dir, 0o755)
	_ = os.WriteFile(filepath.Join(dir, id+".json"), nil, 0o644)
}
