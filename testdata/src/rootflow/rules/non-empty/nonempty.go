// Package nonempty: the edge of `if name == "" { name = default }` that
// kept name carries no empty name, so nothing is joined onto "".
package nonempty

import (
	"os"
	"path/filepath"
)

func main() {
	name := ""
	if len(os.Args) > 1 {
		name = os.Args[1]
	}
	if name == "" {
		name = filepath.Join(os.TempDir(), "work")
	}
	_ = os.WriteFile(filepath.Join(name, "out.txt"), nil, 0o600) // ok: the user's dir or a temp one
	_ = os.WriteFile("out.txt", nil, 0o600)                      // want `"out.txt" relative to the working directory`
}
