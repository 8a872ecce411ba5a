// Package crosscall: a record's name is replaced by one a method reads
// from another record; the store reads the record's own name too, but
// what it stores may come from elsewhere, so the guard drops and every
// store into the name is checked.
package crosscall

import (
	"os"
	"path"
)

type record struct {
	Name string
	Temp bool
}

type transfer struct {
	files []record
}

func (t *transfer) addFile(userPath string) {
	t.files = append(t.files, record{Name: path.Base(userPath)}) // ok: not proven rooted: the unproven analyzer lists it
}

// first returns the first record's name, or name.
func (t *transfer) first(name string) string {
	if len(t.files) > 0 {
		return t.files[0].Name
	}
	return name
}

func (t *transfer) rename(i int) {
	t.files[i].Name = t.first(t.files[i].Name)
}

func (t *transfer) finish() {
	for _, f := range t.files {
		if f.Temp {
			os.Remove(f.Name)
		}
	}
}
