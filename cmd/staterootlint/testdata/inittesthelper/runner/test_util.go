package runner

import (
	"os"
	"testing"
)

// writeGolden writes the output a test compares with, for the tests of
// the package: test support in a non-test file of the program's own
// package.
func writeGolden(t *testing.T, out []byte) {
	t.Helper()
	_ = os.WriteFile("golden.txt", out, 0o644)
}
