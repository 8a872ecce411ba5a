package driver

import (
	"strings"
	"testing"
)

// TestFault: a panic recovered by the driver becomes an InternalError
// naming the package and the line that panicked.
func TestFault(t *testing.T) {
	err := func() (err error) {
		defer func() {
			if r := recover(); r != nil {
				err = fault("example.com/p", r)
			}
		}()
		var m map[string]int
		m["x"] = 1 // the faulting line
		return nil
	}()
	ie, ok := err.(*InternalError)
	if !ok {
		t.Fatalf("got %T %v, want an *InternalError", err, err)
	}
	msg := ie.Error()
	if !strings.HasPrefix(msg, "internal error analyzing package example.com/p: assignment to entry in nil map at ") ||
		!strings.Contains(msg, "errors_test.go:") || !strings.HasSuffix(msg, "; please report it") {
		t.Errorf("message %q", msg)
	}
}
