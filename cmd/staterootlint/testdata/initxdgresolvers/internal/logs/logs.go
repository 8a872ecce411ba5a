// Package logs opens the development log, at once when the override
// names one.
package logs

import "os"

// Global is the development log the override names, or nil.
var Global *os.File

func init() {
	if p := os.Getenv("XRPROG_LOG_PATH"); p != "" {
		Global = Open(p)
	}
}

// Open opens the log file p for appending.
func Open(p string) *os.File {
	f, err := os.OpenFile(p, os.O_CREATE|os.O_WRONLY|os.O_APPEND, 0o600)
	if err != nil {
		return nil
	}
	return f
}
