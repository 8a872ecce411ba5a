// Package crosscopy: a name copied from one record into another lands in
// a record whose flag may differ, so the guard on the removal no longer
// narrows the stores and every store into the name is checked, even into
// a literal built without the flag.
package crosscopy

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

// addFile records a bare name, flag left false: it may still be removed
// once swap has copied it into a flagged record.
func (t *transfer) addFile(userPath string) {
	t.files = append(t.files, record{Name: path.Base(userPath)}) // ok: not proven rooted: the unproven analyzer lists it
}

// swap copies the first record's name into the second.
func (t *transfer) swap() {
	if len(t.files) > 1 {
		t.files[1].Name = t.files[0].Name
	}
}

// shift copies the name of the next record (another index) into each.
func (t *transfer) shift() {
	for i, f := range t.files {
		if i > 0 {
			t.files[i-1].Name = f.Name
		}
	}
}

func (t *transfer) finish() {
	for _, f := range t.files {
		if f.Temp {
			os.Remove(f.Name)
		}
	}
}
