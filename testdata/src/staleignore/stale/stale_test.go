package stale

import "testing"

// Test files are not reported (-tests=false), so their directives are not
// checked either.
func TestNothing(t *testing.T) {
	//staterootlint:ignore nothing to silence, but not checked
	t.Log("x")
}
