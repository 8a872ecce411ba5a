// Package privatealias: the temporary directory under its macOS name
// below /private is still the temporary directory.
package privatealias

import (
	"os"
	"path/filepath"
)

func main() {
	dir, err := os.MkdirTemp("", "build-")
	if err != nil {
		return
	}
	mountable := filepath.Join("/private", dir)
	_ = os.WriteFile(filepath.Join(mountable, "config"), nil, 0o600)          // ok: inside the temporary directory
	_ = os.WriteFile(filepath.Join("/private", "myapp", "state"), nil, 0o600) // want `the fixed path "/private/myapp/state"`
}
