// Package runmode imports "testing" only to ask whether it runs under
// go test: it is ordinary code, and its write stays reported (the decoy
// of exclude).
package runmode

import (
	"os"
	"testing"
)

// Record writes where the program ran, unless under go test.
func Record() {
	if testing.Testing() {
		return
	}
	_ = os.WriteFile("runmode.json", nil, 0o644)
}
