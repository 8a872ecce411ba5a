// Package asked: with -global the user asks for the home directory; a
// name the user chose below it is theirs.
package asked

import (
	"flag"
	"os"
	"path/filepath"
)

var (
	global = flag.Bool("global", false, "use the home directory")
	name   = flag.String("name", "", "the file, relative to the directory")
)

func main() {
	dir := "."
	if *global {
		home, err := os.UserHomeDir()
		if err != nil {
			return
		}
		dir = home
	}
	_ = os.WriteFile(filepath.Join(dir, *name), nil, 0o600) // ok: the user's file in the directory they asked for
	home, _ := os.UserHomeDir()
	_ = os.WriteFile(filepath.Join(home, ".myapprc"), nil, 0o600) // want `under the home directory`
}
