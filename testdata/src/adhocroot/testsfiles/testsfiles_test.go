package testsfiles

import (
	"os"
	"path/filepath"
	"testing"
)

func TestRoot(t *testing.T) {
	if root() != filepath.Join(os.Getenv("HOME"), ".myapp") { // ok: _test.go files are reported only with -tests
		t.Skip()
	}
}
