package testsfiles

import (
	"os"
	"testing"
)

func TestReads(t *testing.T) {
	if os.Getenv("MYAPP_HOME") == "" { // ok: _test.go files are reported only with -tests
		t.Skip("MYAPP_HOME not set")
	}
}
