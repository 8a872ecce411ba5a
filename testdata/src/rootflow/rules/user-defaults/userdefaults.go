// Package userdefaults: "." is the default of the user's choice of
// directory: the working directory they chose by not choosing.
package userdefaults

import (
	"os"
	"path/filepath"
)

func main() {
	dir := "."
	if len(os.Args) > 1 {
		dir = os.Args[1]
	}
	_ = os.WriteFile(filepath.Join(dir, "out.txt"), nil, 0o600) // ok: the user's directory, or the one they started in
	_ = os.WriteFile("out.txt", nil, 0o600)                     // want `"out.txt" relative to the working directory`
}
