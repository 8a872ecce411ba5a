// Package snapshots is test support compiled as normal code, whatever
// its name: it takes a testing.TB and rewrites the expected output the
// tests compare with.
package snapshots

import (
	"os"
	"path/filepath"
	"testing"
)

// Update writes the expected output of the test named by tb.
func Update(tb testing.TB, out []byte) {
	tb.Helper()
	golden := filepath.Join("testdata", tb.Name()+".golden")
	_ = os.MkdirAll(filepath.Dir(golden), 0o755)
	_ = os.WriteFile(golden, out, 0o644)
}
