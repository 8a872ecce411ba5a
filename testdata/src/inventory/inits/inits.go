package inits // want package:`artifacts\(temp:first, temp:marked, temp:second\)`

// Inits writes from two init functions and from the package
// initializer: three functions that must be listed apart (each init is
// named "init", as the package initializer is).

import (
	"os"
	"path/filepath"
)

var marked = mark()

func mark() bool {
	_ = os.WriteFile(filepath.Join(os.TempDir(), "marked"), nil, 0o644)
	return true
}

func init() {
	_ = os.MkdirAll(filepath.Join(os.TempDir(), "first"), 0o755)
}

func init() {
	_ = os.MkdirAll(filepath.Join(os.TempDir(), "first"), 0o755)
	_ = os.WriteFile(filepath.Join(os.TempDir(), "second"), nil, 0o644)
}
