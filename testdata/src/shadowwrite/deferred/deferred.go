// Package deferred: a variable a deferred closure reads holds, when the
// closure runs, a value stored after the closure was made or the last one
// stored before it; a value overwritten before the closure exists is not
// seen.
package deferred

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
)

var outDir = flag.String("destination", ".", "where to save the archive")

// save writes the archive of name into dir, and removes it on failure.
func save(name, dir string, fail bool) (err error) {
	filename := fmt.Sprintf("%s-1.0.0.tgz", name)
	filename = filepath.Join(dir, filename)
	f, err := os.Create(filename) // ok: below the user's --destination
	if err != nil {
		return err
	}
	defer func() {
		f.Close()
		if fail {
			os.Remove(filename) // ok: the archive below the user's --destination
		}
	}()
	return nil
}

// later stores into the variable after making the closure: the closure
// may see it.
func later(fail bool) {
	p := filepath.Join(*outDir, "a.lock")
	defer func() {
		if fail {
			os.Remove(p) // want `os.Remove writes "stale.lock" relative to the working directory`
		}
	}()
	p = "stale.lock"
}

func main() {
	flag.Parse()
	_ = save(filepath.Base(flag.Arg(0)), *outDir, true)
	later(true)
}
