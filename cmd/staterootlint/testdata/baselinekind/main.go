package main

import (
	"os"
	"path/filepath"

	"example.com/baselinekind/paths"
)

func main() {
	_ = os.WriteFile(filepath.Join(paths.StateDir(), "ok.json"), nil, 0o644) // ok: under the authority's root
	_ = os.WriteFile(filepath.Join(os.Getenv("BK_OUT"), "out.json"), nil, 0o644)
}
