// Package testutil is the tests' support: it compares output with golden
// files below testdata, rewriting them when asked.
package testutil

import (
	"os"
	"path/filepath"
	"testing"
)

// Golden compares got with testdata/name.golden, rewriting it when
// INITCWDMORE_UPDATE is set.
func Golden(t testing.TB, name string, got []byte) {
	t.Helper()
	path := filepath.Join("testdata", name+".golden")
	if os.Getenv("INITCWDMORE_UPDATE") != "" {
		_ = os.MkdirAll("testdata", 0o755)
		_ = os.WriteFile(path, got, 0o644)
	}
}
