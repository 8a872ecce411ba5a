// Package allowconfig declares its commands' products in the
// configuration (the test sets allow-write: launch=cwd:app.toml and
// "*"=cwd:VERSION) instead of directives.
package allowconfig

import "os"

func launch(data []byte) {
	os.WriteFile("app.toml", data, 0o644) // ok: allow-write for launch
	os.WriteFile("VERSION", data, 0o644)  // ok: allow-write for "*"
	os.WriteFile("app.lock", data, 0o644) // want `os.WriteFile writes "app.lock" relative to the working directory, outside every state root; .*allow-write cwd:app.lock`
}

func other(data []byte) {
	os.WriteFile("app.toml", data, 0o644) // want `os.WriteFile writes "app.toml" relative to the working directory`
	os.WriteFile("VERSION", data, 0o644)  // ok: allow-write for "*"
}
