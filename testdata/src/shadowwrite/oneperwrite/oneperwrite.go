// Package oneperwrite: a write whose path may come from several origins
// outside every root is one finding, listing them all (SPEC §6).
package oneperwrite

import (
	"os"
	"path/filepath"

	"github.com/staterootlint/staterootlint/stateroots"
)

// dataDir prefers $APP_DATA, else a directory in the home directory.
func dataDir() string {
	if dir := os.Getenv("APP_DATA"); dir != "" {
		return dir
	}
	home, _ := os.UserHomeDir()
	return filepath.Join(home, ".app")
}

func save(data []byte) {
	os.WriteFile(filepath.Join(dataDir(), "state.json"), data, 0o600) // want `^os\.WriteFile writes a path from the environment variable APP_DATA \(oneperwrite\.go:14\) or a path under the home directory from os\.UserHomeDir \(oneperwrite\.go:17\), outside every state root; derive the path from a state-root authority such as stateroots\.RepoStateRoot or stateroots\.GlobalStateRoot$`
}

// logPath is a fixed name or one from the environment.
func logPath(debug bool) string {
	if debug {
		return "debug.log"
	}
	return os.Getenv("APP_LOG")
}

func logTo(data []byte, debug bool) {
	os.WriteFile(logPath(debug), data, 0o600) // want `^os\.WriteFile writes "debug\.log" relative to the working directory or a path from the environment variable APP_LOG \(oneperwrite\.go:30\), outside every state root; .*allow-write cwd:debug\.log$`
}

// store passes its path on to the write: the call is the one finding.
func store(path string, data []byte) { os.WriteFile(path, data, 0o600) }

func saveVia(data []byte) {
	store(filepath.Join(dataDir(), "via.json"), data) // want `^oneperwrite\.store receives a path from the environment variable APP_DATA \(oneperwrite\.go:14\) or a path under the home directory from os\.UserHomeDir \(oneperwrite\.go:17\) for a path it writes \(os\.WriteFile at oneperwrite\.go:38\); `
}

func rooted(data []byte) {
	root, _ := stateroots.GlobalStateRoot("app")
	dir := root
	if env := os.Getenv("APP_DATA"); env != "" {
		dir = filepath.Join(root, "alt")
	}
	os.WriteFile(filepath.Join(dir, "state.json"), data, 0o600) // ok: rooted on every path
	os.ReadFile(filepath.Join(dataDir(), "state.json"))         // ok: a read
}
