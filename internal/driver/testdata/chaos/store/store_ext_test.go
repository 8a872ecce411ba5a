package store_test

import (
	"testing"

	"example.com/chaos/jobs"
	"example.com/chaos/store"
)

// TestRun is an external test that imports an importer of the package
// under test: the go command recompiles jobs against the test variant of
// store, so two packages of the run have the path of jobs, and two that
// of store, with different types; and it uses a name only the test variant of
// store declares.
func TestRun(t *testing.T) {
	if err := jobs.Run("t", true); err != nil {
		t.Fatal(err)
	}
	if err := store.Save5("t.json", nil); err != nil {
		t.Fatal(err)
	}
}
