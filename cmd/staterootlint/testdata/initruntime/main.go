// Command initruntime keeps its data in its home and its pid file and
// socket in the runtime directory.
package main

import (
	"os"
	"path/filepath"

	"example.com/initruntime/internal/dirs"
)

func main() {
	_ = os.WriteFile(filepath.Join(dirs.DataDir(), "db.json"), nil, 0o644)
	_ = os.WriteFile(filepath.Join(dirs.DataDir(), "history"), nil, 0o644)
	run := dirs.RunDir()
	_ = os.MkdirAll(run, 0o700)
	_ = os.WriteFile(filepath.Join(run, "daemon.pid"), nil, 0o600)
	_ = os.WriteFile(filepath.Join(run, "daemon.lock"), nil, 0o600)
}
