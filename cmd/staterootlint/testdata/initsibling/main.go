// Command initsibling keeps settings and data in its global
// directories, and sessions where GlobalSessions says.
package main

import (
	"os"
	"path/filepath"

	"example.com/initsibling/internal/paths"
)

func main() {
	_ = os.WriteFile(filepath.Join(paths.GlobalConfig(), "settings.json"), nil, 0o644)
	_ = os.WriteFile(filepath.Join(paths.GlobalConfig(), "auth.json"), nil, 0o600)
	_ = os.WriteFile(filepath.Join(paths.GlobalConfigData(), "history.jsonl"), nil, 0o644)
	_ = os.WriteFile(filepath.Join(paths.GlobalConfigData(), "usage.json"), nil, 0o644)
	s := paths.GlobalSessions()
	_ = os.MkdirAll(s, 0o755)
	_ = os.WriteFile(filepath.Join(s, "a.json"), nil, 0o644)
	_ = os.WriteFile(filepath.Join(s, "b.json"), nil, 0o644)
}
