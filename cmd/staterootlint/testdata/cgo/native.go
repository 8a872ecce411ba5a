// Package cgo imports "C": the analysis sees cgo's translation of this
// file, and reports at this file's own lines.
package cgo

// #include <stdlib.h>
import "C"

import "os"

// Save writes the state next to the working directory.
func Save() error {
	_ = C.int(0)
	return os.WriteFile("native-state.json", nil, 0o644)
}
