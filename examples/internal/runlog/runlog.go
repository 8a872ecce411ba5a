// Package runlog writes one log file per px run.
package runlog

import (
	"fmt"
	"os"
	"time"

	"github.com/staterootlint/staterootlint/stateroots"
)

// Logger appends timestamped lines to a run's log.
type Logger struct {
	f   *os.File
	now func() time.Time
}

// Create creates dir if needed and the log <dir>/<runID>.log in it.
func Create(dir, runID string) (*Logger, error) {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, fmt.Errorf("create log directory: %w", err)
	}
	p, err := stateroots.Join(dir, runID+".log")
	if err != nil {
		return nil, err
	}
	f, err := os.Create(p)
	if err != nil {
		return nil, fmt.Errorf("create log: %w", err)
	}
	return &Logger{f: f, now: time.Now}, nil
}

// Path returns the log file's path.
func (l *Logger) Path() string { return l.f.Name() }

// Printf writes one line.
func (l *Logger) Printf(format string, args ...any) {
	fmt.Fprintf(l.f, "%s %s\n", l.now().UTC().Format(time.RFC3339), fmt.Sprintf(format, args...))
}

// Close closes the log.
func (l *Logger) Close() error { return l.f.Close() }

// Remove deletes the log of runID in dir, if any.
func Remove(dir, runID string) error {
	p, err := stateroots.Join(dir, runID+".log")
	if err != nil {
		return err
	}
	if err := os.Remove(p); err != nil && !os.IsNotExist(err) {
		return fmt.Errorf("remove log: %w", err)
	}
	return nil
}
