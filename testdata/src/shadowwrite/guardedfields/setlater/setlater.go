// Package setlater: the flag guarding a removal is set on records after
// they are built, so a record built without it may still be removed, and
// every store into the removed field is checked.
package setlater

import "os"

type record struct {
	Name string
	Temp bool
}

type transfer struct {
	files []record
}

// addFile builds the record without the flag: addMarked and mark below
// set it on built records, so this one may be removed too.
func (t *transfer) addFile(name string) {
	t.files = append(t.files, record{Name: name + ".bak"}) // the requirement moves to the callers
}

// addMarked sets the flag after the literal.
func (t *transfer) addMarked(name string) {
	r := record{Name: name + ".part"}
	r.Temp = true
	t.files = append(t.files, r)
}

func (t *transfer) callers() {
	t.addFile("notes")      // want `addFile receives "notes" relative`
	t.addMarked("download") // want `addMarked receives "download" relative`
}

// addHanded lets another function set the flag.
func (t *transfer) addHanded() {
	r := &record{Name: "handed.tmp"} // want `field setlater.record.Name is assigned "handed.tmp" relative`
	mark(r)
	t.files = append(t.files, *r)
}

func mark(r *record) { r.Temp = true }

func (t *transfer) finish() {
	for _, f := range t.files {
		if f.Temp {
			os.Remove(f.Name)
		}
	}
}
