// Package pathx wraps filepath.IsAbs with cases of its own: placeholders
// its callers expand to absolute directories later count as absolute.
package pathx

import (
	"path/filepath"
	"strings"
)

var placeholders = []string{"{{.ROOT_DIR}}", "{{.HOME}}"}

// IsAbs reports whether p is absolute, or a placeholder for an absolute
// directory.
func IsAbs(p string) bool {
	for _, ph := range placeholders {
		if strings.Contains(p, ph) {
			return true
		}
	}
	return filepath.IsAbs(p)
}
