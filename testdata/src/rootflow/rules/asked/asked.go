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

// keyOptions are a command's flags, bound into the struct the command
// fills.
type keyOptions struct {
	inHome bool
	name   string
}

func keygen() {
	var o keyOptions
	fs := flag.NewFlagSet("keygen", flag.ExitOnError)
	fs.BoolVar(&o.inHome, "home", false, "write the key pair in the home directory")
	fs.StringVar(&o.name, "name", "id", "the key's file name")
	_ = fs.Parse(os.Args[1:])
	writeKey(&o)
}

func writeKey(o *keyOptions) {
	dir := "."
	if o.inHome {
		home, err := os.UserHomeDir()
		if err != nil {
			return
		}
		dir = filepath.Join(home, ".ssh")
	}
	_ = os.WriteFile(filepath.Join(dir, o.name), nil, 0o600) // ok: the user's file in the directory they asked for
}
