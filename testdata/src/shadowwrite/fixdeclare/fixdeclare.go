// Package fixdeclare is a command that writes a fixed name where it runs,
// in a program with no repo authority: the one fix declares the name a
// product of the command (applied by --fix=declare only).
package fixdeclare

import "os"

// scaffold writes the app's configuration where the user runs it.
func scaffold(data []byte) error {
	return os.WriteFile("app.toml", data, 0o644) // want `os\.WriteFile writes "app\.toml" relative to the working directory`
}

// launch declares its product already.
//
//staterootlint:allow-write cwd:Dockerfile
func launch(data []byte) error {
	return os.WriteFile("Dockerfile", data, 0o644) // ok: declared
}
