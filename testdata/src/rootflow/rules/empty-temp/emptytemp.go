// Package emptytemp: a helper around os.MkdirTemp called with "": the
// directory it makes is a temporary one.
package emptytemp

import (
	"os"
	"path/filepath"
)

func scratch(dir string) (string, error) { return os.MkdirTemp(dir, "scratch-") }

func main() {
	d, err := scratch("")
	if err != nil {
		return
	}
	_ = os.WriteFile(filepath.Join(d, "f.txt"), nil, 0o600) // ok: an empty dir means os.TempDir
	_ = os.WriteFile("f.txt", nil, 0o600)                    // want `"f.txt" relative to the working directory`
}
