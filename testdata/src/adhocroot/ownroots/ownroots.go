// Package ownroots: adhocroot reports the program's own ad-hoc roots
// (its state dir, .myapp, spelled by hand, read or written; a home or
// XDG path that reaches a write), never another program's file it only
// reads or probes, a name compared, a map of names, or the runtime
// directory. The test configures -state-dir=.myapp.
package ownroots

import (
	"fmt"
	"os"
	"path/filepath"
)

// probe looks for another tool's credentials: read, never written.
func probe() bool {
	home, _ := os.UserHomeDir()
	_, err := os.Stat(filepath.Join(home, ".aws", "credentials")) // ok: another program's file, only probed
	return err == nil
}

// foreignToken reads another tool's token file.
func foreignToken() ([]byte, error) {
	cfg, _ := os.UserConfigDir()
	return os.ReadFile(filepath.Join(cfg, "gh", "hosts.yml")) // ok: another program's file, only read
}

// skipped names the directories a walk skips.
var skipped = map[string]bool{
	".git":   true,
	".myapp": true, // ok: a map key, a name to skip
}

func walk(dir string) bool {
	if filepath.Base(dir) == ".myapp" { // ok: a comparison on a name
		return true
	}
	switch filepath.Base(dir) {
	case ".myapp", ".git": // ok: a switch case on a name
		return true
	}
	return skipped[filepath.Base(dir)]
}

// socket listens in the runtime directory: temporary.
func socket() string {
	return filepath.Join(os.Getenv("XDG_RUNTIME_DIR"), "myapp.sock") // ok: the runtime directory
}

func cleanup() {
	os.Remove(filepath.Join(os.Getenv("XDG_RUNTIME_DIR"), "myapp", "agent.pid")) // ok: adhocroot on the runtime directory, shadowwrite on the write
}

func downloads() {
	home, _ := os.UserHomeDir()
	fmt.Println(filepath.Join(home, "Downloads")) // ok: printed, never written
}

// commands reads the program's own state dir, rebuilt by hand: users
// keep state there.
func commands() ([]os.DirEntry, error) {
	home, _ := os.UserHomeDir()
	return os.ReadDir(filepath.Join(home, ".myapp", "commands")) // want `^filepath\.Join builds a state path on os\.UserHomeDir outside the authority package; derive it from a state-root authority such as stateroots\.GlobalStateRoot$`
}

// settings writes a file below the user config directory, built on
// one line and written on the next.
func settings(data []byte) error {
	cfg, _ := os.UserConfigDir()
	p := filepath.Join(cfg, "acme", "settings.json") // want `^filepath\.Join builds a state path on os\.UserConfigDir outside the authority package; derive it from a state-root authority such as stateroots\.GlobalStateRoot$`
	return os.WriteFile(p, data, 0o600)
}

// logDir is written by its caller.
func logDir() string {
	home, _ := os.UserHomeDir()
	return filepath.Join(home, ".local", "share", "acme") // want `filepath\.Join builds a state path on os\.UserHomeDir outside the authority package`
}

func setup() {
	os.MkdirAll(logDir(), 0o700)
}
