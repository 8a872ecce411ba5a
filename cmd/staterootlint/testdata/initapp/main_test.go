package main

import (
	"os"
	"path/filepath"
	"testing"
)

// testDir looks like a resolver, but tests are not analyzed.
func testDir() string {
	if d := os.Getenv("TEST_HOME"); d != "" {
		return d
	}
	home, _ := os.UserHomeDir()
	return filepath.Join(home, ".test")
}

func TestMain(t *testing.T) {
	_ = os.WriteFile(filepath.Join(testDir(), "a"), nil, 0o644)
	_ = os.WriteFile(filepath.Join(testDir(), "b"), nil, 0o644)
}
