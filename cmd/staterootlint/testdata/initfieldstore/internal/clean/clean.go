// Package clean tidies the paths the user gives.
package clean

import (
	"os"
	"path/filepath"
	"strings"
)

// Path expands a leading "~/" against $FSTORE_HOMEDIR and cleans p.
func Path(p string) string {
	if rest, ok := strings.CutPrefix(p, "~/"); ok {
		if h := os.Getenv("FSTORE_HOMEDIR"); h != "" {
			return filepath.Clean(h + "/" + rest)
		}
	}
	return filepath.Clean(p)
}
