// Command explainviews writes through another package's objects: an
// interface, a list of io.Closers and a method value, each object keeping
// a backup under the home directory; and a file of its own in the working
// directory.
package main

import (
	"io"
	"os"
	"path/filepath"

	"example.com/explainviews/store"
)

func main() {
	dir, err := os.UserCacheDir()
	if err != nil {
		return
	}
	dir = filepath.Join(dir, "explainviews")
	var s store.Saver = store.New(filepath.Join(dir, "state"))
	_ = s.Save(nil)
	closers := []io.Closer{store.NewFile(filepath.Join(dir, "file"))}
	for _, c := range closers {
		_ = c.Close()
	}
	add := store.NewJournal(filepath.Join(dir, "journal")).Append
	_ = add(nil)
	_ = os.WriteFile("explainviews.log", nil, 0o600)
}
