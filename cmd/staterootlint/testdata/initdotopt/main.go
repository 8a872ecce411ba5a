// Command initdotopt keeps its database, logs and sessions in the
// project's data directory.
package main

import (
	"os"
	"path/filepath"

	"example.com/initdotopt/internal/app"
)

func main() {
	o := app.New()
	_ = os.MkdirAll(o.DataDirectory, 0o755)
	_ = os.WriteFile(filepath.Join(o.DataDirectory, "dotopt.db"), nil, 0o644)
	_ = os.WriteFile(filepath.Join(o.DataDirectory, "logs", "dotopt.log"), nil, 0o644)
	_ = os.WriteFile(filepath.Join(o.DataDirectory, "sessions.json"), nil, 0o644)
}
