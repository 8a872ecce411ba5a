// Package legacy holds deliberate shadow writes for the staterootlint demo.
//
// Each function is a typical way durable state escapes the state roots; px
// calls them in --debug mode, and staterootlint reports every one. They are
// here to be found: do not copy them.
package legacy

import (
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"time"
)

// DebugLog appends msg to px-debug.log in the working directory, wherever
// px happens to be started.
func DebugLog(msg string) error {
	line := time.Now().UTC().Format(time.RFC3339) + " " + msg + "\n"
	old, _ := os.ReadFile("px-debug.log")
	return os.WriteFile("px-debug.log", append(old, line...), 0o644)
}

// RememberTask records the last task under ~/.other, a second, ad hoc
// "global" directory next to the real one.
func RememberTask(task string) error {
	home, err := os.UserHomeDir()
	if err != nil {
		return err
	}
	dir := filepath.Join(home, ".other")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	return os.WriteFile(filepath.Join(dir, "px-last-task"), []byte(task+"\n"), 0o644)
}

// MirrorRuns copies the run database to $PX_DB_PATH, a second database
// location read from the environment, when that is set.
func MirrorRuns(data []byte) error {
	p := os.Getenv("PX_DB_PATH")
	if p == "" {
		return nil
	}
	return os.WriteFile(p, data, 0o644)
}

// WritePID writes px's process id to a fixed absolute path shared by every
// repository and user.
func WritePID() error {
	f, err := os.Create("/var/tmp/px.pid")
	if err != nil {
		return err
	}
	defer f.Close()
	_, err = fmt.Fprintln(f, strconv.Itoa(os.Getpid()))
	return err
}

// SaveHistory records the last task in px's own global state directory,
// rebuilt by hand on the home directory instead of asked of the
// authority: the legacy shape `staterootlint --fix` moves under
// stateroots.GlobalStateRoot, which also honours $PX_GLOBAL_STATE_ROOT.
func SaveHistory(task string) error {
	home, err := os.UserHomeDir()
	if err != nil {
		return err
	}
	dir := filepath.Join(home, ".px", "history")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	return os.WriteFile(filepath.Join(dir, "last-task"), []byte(task+"\n"), 0o644)
}
