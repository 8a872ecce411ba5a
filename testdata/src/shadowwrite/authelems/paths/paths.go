// Package paths is the program's authority: DataPath (configured kind
// global) is its data root with the elements joined below it.
package paths

import (
	"os"
	"path/filepath"
)

// DataPath returns the data root with elem joined below it.
func DataPath(elem ...string) string {
	return filepath.Join(os.Getenv("MYAPP_DATA"), filepath.Join(elem...))
}
