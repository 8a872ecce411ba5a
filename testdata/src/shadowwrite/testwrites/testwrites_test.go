package testwrites

import (
	"os"
	"testing"
)

func TestReport(t *testing.T) {
	r := New("x")
	if err := os.WriteFile(r.Out, []byte(r.Text), 0o644); err != nil { // ok: _test.go files are not analyzed while tests are off
		t.Fatal(err)
	}
}
