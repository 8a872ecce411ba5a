// Package native imports "C": every driver must analyze it and report at
// this file's lines, not in cgo's translation of it.
package native

// #include <stdlib.h>
import "C"

import "os"

// Save writes next to the working directory.
func Save() error {
	_ = C.int(0)
	return os.WriteFile("native-state.json", nil, 0o644)
}
