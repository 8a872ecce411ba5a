// Package home finds the user's home directory and expands paths onto it.
package home

import (
	"os"
	"path/filepath"
	"strings"
)

// UserHomeDir returns the user's home directory.
func UserHomeDir() (string, error) { return os.UserHomeDir() }

// Expand returns p with a leading ~/ replaced by home.
func Expand(p, home string) string {
	if rest, ok := strings.CutPrefix(p, "~/"); ok {
		return filepath.Join(home, rest)
	}
	return p
}
