// Command initapp keeps its state where its own resolvers say.
package main

import (
	"os"
	"path/filepath"

	"example.com/initapp/internal/dirs"
	"example.com/xdgdirs"
)

func main() {
	state, err := dirs.StateDir()
	if err != nil {
		panic(err)
	}
	_ = os.MkdirAll(state, 0o755)
	_ = os.WriteFile(filepath.Join(state, "state.json"), nil, 0o644)
	logs, _ := dirs.LogDir()
	_ = os.WriteFile(filepath.Join(logs, "run.log"), nil, 0o644)

	cfg, _ := xdgdirs.ConfigHome("initapp")
	_ = os.MkdirAll(cfg, 0o755)
	_ = os.WriteFile(filepath.Join(cfg, "config.toml"), nil, 0o644)

	old := dirs.LegacyDir()
	_ = os.WriteFile(filepath.Join(old, "a"), nil, 0o644)
	_ = os.WriteFile(filepath.Join(old, "b"), nil, 0o644)

	gen := dirs.GeneratedDir()
	_ = os.WriteFile(filepath.Join(gen, "a"), nil, 0o644)
	_ = os.WriteFile(filepath.Join(gen, "b"), nil, 0o644)
}
