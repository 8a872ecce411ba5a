// Package config declares a configuration whose LogDir another package
// writes to.
package config

import "github.com/staterootlint/staterootlint/stateroots"

// Config configures the logger.
type Config struct {
	LogDir string
	Name   string
}

// Default returns a configuration rooted in the project's state root.
func Default(project string) Config {
	root, _ := stateroots.RepoStateRoot(project, "myapp")
	return Config{LogDir: root, Name: "x"} // ok: rooted
}

// Legacy returns a configuration that logs to the working directory: the
// write is in package logger, so the finding lands there, where the
// requirement is known.
func Legacy() Config {
	return Config{LogDir: "logs"}
}
