// Command initmarker keeps its state in the project's .markertool
// directory and rewrites the project's marker file.
package main

import (
	"os"
	"path/filepath"

	"example.com/initmarker/internal/project"
)

func main() {
	root, err := project.Root()
	if err != nil {
		return
	}
	state := filepath.Join(root, ".markertool")
	_ = os.MkdirAll(state, 0o755)
	_ = os.WriteFile(filepath.Join(state, "index.db"), nil, 0o644)
	_ = os.WriteFile(filepath.Join(state, "cache.json"), nil, 0o644)
	_ = os.WriteFile(filepath.Join(root, project.Marker), nil, 0o644)
	// ok: read only
	_, _ = os.ReadFile(filepath.Join(root, "README.md"))
}
