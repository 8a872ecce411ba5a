package store

import (
	"os"
	"path/filepath"
	"testing"
)

// TestSave writes under the test's own directory, and from a helper of
// the test variant that the package's importers never see.
func TestSave(t *testing.T) {
	dir := t.TempDir()
	if err := Save(filepath.Join(dir, "a.json"), nil); err != nil {
		t.Fatal(err)
	}
	if err := writeFixture(); err != nil {
		t.Fatal(err)
	}
}

func writeFixture() error {
	home, err := os.UserHomeDir()
	if err != nil {
		return err
	}
	return os.WriteFile(filepath.Join(home, ".chaos-fixture"), nil, 0o644)
}
