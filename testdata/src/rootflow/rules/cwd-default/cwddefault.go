// Package cwddefault: `if dir == "." { dir = os.Getwd() }` spells out the
// directory the caller named; it stays the caller's.
package cwddefault

import (
	"flag"
	"os"
	"path/filepath"
)

var out = flag.String("out", ".", "where to write the report")

func save(dir string) error {
	if dir == "." {
		wd, err := os.Getwd()
		if err != nil {
			return err
		}
		dir = wd
	}
	return os.WriteFile(filepath.Join(dir, "report.txt"), nil, 0o600) // ok: dir is the caller's, "." spelled out
}

func main() {
	_ = save(*out)
	_ = os.WriteFile("report.txt", nil, 0o600) // want `"report.txt" relative to the working directory`
}
