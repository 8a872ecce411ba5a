// Package allowconfig declares its commands' products in the
// configuration (the test sets allow-write: launch=cwd:app.toml,
// receive=cwd:* and
// "*"=cwd:VERSION) instead of directives.
package allowconfig

import (
	"os"
	"path"
)

func launch(data []byte) {
	os.WriteFile("app.toml", data, 0o644) // ok: allow-write for launch
	os.WriteFile("VERSION", data, 0o644)  // ok: allow-write for "*"
	os.WriteFile("app.lock", data, 0o644) // want `os.WriteFile writes "app.lock" relative to the working directory, outside every state root; .*allow-write cwd:app.lock`
}

func other(data []byte) {
	os.WriteFile("app.toml", data, 0o644) // want `os.WriteFile writes "app.toml" relative to the working directory`
	os.WriteFile("VERSION", data, 0o644)  // ok: allow-write for "*"
}

// settings holds the file a command saves; its default is set apart
// from the command (the test sets allow-write: launchSaved=cwd:app.toml).
type settings struct{ path string }

var current = &settings{}

func setDefaults() {
	current.path = "app.toml" // ok: the file launchSaved writes, declared there
}

func setLock() {
	current.path = "app.lock" // want `field allowconfig.settings.path is assigned "app.lock" relative to the working directory`
}

func launchSaved(data []byte) {
	os.WriteFile(current.path, data, 0o644)
}

// incoming describes a file a peer sends: the folder it goes to, "./"
// for one at the top, and its name. receive makes the folder and writes
// the file below it (the test sets allow-write: receive=cwd:*).
type incoming struct{ folder, name string }

var next = &incoming{}

func describe() {
	next.folder = "./" // ok: receive's product, declared there; MkdirAll of the folder itself creates nothing
}

func receive(data []byte) {
	makeFolder()
	os.WriteFile(path.Join(next.folder, next.name), data, 0o644)
}

func makeFolder() { os.MkdirAll(next.folder, 0o755) }

// Run runs every command of the package.
func Run(data []byte) {
	setDefaults()
	setLock()
	describe()
	launch(data)
	other(data)
	launchSaved(data)
	receive(data)
}
