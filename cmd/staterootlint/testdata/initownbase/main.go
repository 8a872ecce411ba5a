// Command initownbase keeps its state in the directories a library
// resolves for it, its own name already joined below the XDG bases.
package main

import (
	"os"
	"path/filepath"

	"example.com/ownbase"
)

func main() {
	_ = os.MkdirAll(ownbase.CacheDir(), 0o755)
	_ = os.WriteFile(filepath.Join(ownbase.CacheDir(), "index.json"), nil, 0o644)
	_ = os.WriteFile(filepath.Join(ownbase.StateDir(), "state.json"), nil, 0o644)
}
