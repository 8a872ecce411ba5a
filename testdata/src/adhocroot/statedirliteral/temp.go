package statedirliteral

import "os"

// scratch makes temporary directories whose names start with the state
// dir's name: a pattern for a name below the temporary directory, not
// the state dir spelled out (sops's os.MkdirTemp("", ".sops")).
func scratch() {
	dir, _ := os.MkdirTemp("", ".myapp")      // ok: a temporary directory's name pattern
	f, _ := os.CreateTemp(dir, ".myapp-*.log") // ok: the same for a file
	_ = f
	_, _ = os.MkdirTemp(".myapp", "run-*") // want `literal "\.myapp" names the state dir "\.myapp"`
}
