// Command mod writes one file where it should not and one where it may.
package main

import (
	"os"
	"path/filepath"

	"example.com/mod/store"
)

func main() {
	_ = os.WriteFile("state.json", nil, 0o644) // a finding: relative to the working directory
	_ = store.Save(filepath.Join(os.TempDir(), "x"))
}
