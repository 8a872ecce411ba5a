// Package fields sets config fields that package logger writes to.
package fields

import (
	"os"

	"shadowwrite/fields/config"
	"shadowwrite/fields/logger"
)

type layout struct {
	root string
	logs string
}

func newLayout(root string) *layout {
	return &layout{root: root, logs: root + "/logs"}
}

func (l *layout) lockPath() string { return l.root + "/lock" }

func run(project string, line []byte) {
	cfg := config.Default(project)
	logger.Write(cfg, line)       // ok: rooted by config.Default
	cfg.LogDir = "/var/log/myapp" // want `field config.Config.LogDir is assigned the fixed path "/var/log/myapp", and it is written \(os.WriteFile at logger.go:13\); derive it from a state root`
	if env := os.Getenv("MYAPP_LOG_DIR"); env != "" {
		cfg.LogDir = env // want `field config.Config.LogDir is assigned a path from the environment variable MYAPP_LOG_DIR`
	}
	logger.Write(cfg, line)
	l := newLayout("state") // want `fields.newLayout receives "state" relative to the working directory for a path it writes \(via field fields.layout.root → os.WriteFile at fields.go:31\)`
	os.WriteFile(l.lockPath(), line, 0o644)
}

// Run logs a line for the project.
func Run(project string, line []byte) {
	run(project, line)
}
