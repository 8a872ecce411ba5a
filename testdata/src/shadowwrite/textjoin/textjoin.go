// Package textjoin: strings.Join with a path separator joins a path as
// filepath.Join does, so a relative name joined below the user's
// directory is only an element of the user's path; with another
// separator the first element is still the origin.
package textjoin

import (
	"flag"
	"os"
	"path/filepath"
	"strings"
)

// writeUnder writes name below dir, joined by hand.
func writeUnder(dir, name string, data []byte) error {
	p := strings.Join([]string{dir, name}, string(filepath.Separator))
	return os.WriteFile(p, data, 0o644)
}

var out = flag.String("output-dir", "", "where to write the rendered files")

func render() error {
	return writeUnder(*out, "templates/hook.yaml", nil) // ok: a name below the user's --output-dir
}

func homeCache(data []byte) error {
	home, _ := os.UserHomeDir()
	return os.WriteFile(strings.Join([]string{home, ".myapp-cache"}, "/"), data, 0o644) // want `os.WriteFile writes a path under the home directory`
}

func dashed(name string, data []byte) error {
	return os.WriteFile(strings.Join([]string{"logs", name}, "-"), data, 0o644) // want `os.WriteFile writes "logs-\*"`
}
