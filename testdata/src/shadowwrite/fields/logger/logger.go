// Package logger writes under a directory taken from a config.Config.
package logger

import (
	"os"
	"path/filepath"

	"shadowwrite/fields/config"
)

// Write writes a log line under cfg.LogDir.
func Write(cfg config.Config, line []byte) error {
	return os.WriteFile(filepath.Join(cfg.LogDir, "app.log"), line, 0o644) // want `field config.Config.LogDir is assigned "logs" relative to the working directory \(config.go:23\), and it is written \(os.WriteFile at logger.go:13\)`
}
