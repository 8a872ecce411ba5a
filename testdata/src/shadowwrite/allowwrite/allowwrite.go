// Package allowwrite is a scaffolding command that writes its product in
// the working directory, declared with //staterootlint:allow-write, beside
// state kept there that no allowance covers.
package allowwrite

import (
	"os"
	"path/filepath"
)

// launch scaffolds an app in the directory the user runs it in.
//
//staterootlint:allow-write cwd:app.toml cwd:deploy/**
func launch(data []byte) {
	os.WriteFile("app.toml", data, 0o644)                                   // ok: declared product
	os.MkdirAll(filepath.Join("deploy", "scripts"), 0o755)                  // ok: declared below deploy/
	writeScript("deploy/run.sh", data)                                      // ok: reached from launch, declared
	os.WriteFile("launch.lock", data, 0o644)                                // want `os.WriteFile writes "launch.lock" relative to the working directory, outside every state root; derive the path from a state-root authority such as stateroots.RepoStateRoot, take it from a flag \(such as --output\), or, if the command produces it there on purpose, declare it on the command with //staterootlint:allow-write cwd:launch.lock$`
	os.WriteFile(filepath.Join("..", "app.toml"), data, 0o644)              // want `os.WriteFile writes "\.\./app.toml" relative to the working directory`
	func() { os.WriteFile("deploy/Dockerfile", data, 0o644) }()             // ok: a closure of launch
	os.WriteFile(filepath.Join(os.Getenv("HOME"), "app.toml"), data, 0o644) // want `os.WriteFile writes a path from the environment variable HOME, outside every state root`
}

func writeScript(name string, data []byte) { os.WriteFile(name, data, 0o755) }

// status keeps a cache in the working directory: no allowance covers it.
func status(data []byte) {
	os.WriteFile("app.toml", data, 0o644) // want `os.WriteFile writes "app.toml" relative to the working directory, outside every state root; .*allow-write cwd:app.toml`
	writeScript("status.log", data)       // want `allowwrite.writeScript receives "status.log" relative to the working directory for a path it writes \(os.WriteFile at allowwrite.go:\d+\); pass a path derived from a state root, .*allow-write cwd:status.log`
}
