// Package lumberjack is a stub of gopkg.in/natefinch/lumberjack.v2 for
// the fixtures: a rotating log writes Filename and its backups beside it.
package lumberjack

// Logger writes to Filename, rotating it into backups beside it.
type Logger struct {
	Filename   string
	MaxSize    int
	MaxBackups int
	Compress   bool
}

// Write appends p to the log file.
func (l *Logger) Write(p []byte) (int, error) { return len(p), nil }

// Close closes the log file.
func (l *Logger) Close() error { return nil }
