// Package store writes the path it is given.
package store

import "os"

// Save writes path: its callers are checked for where the path comes from.
func Save(path string) error { return os.WriteFile(path, nil, 0o644) }
