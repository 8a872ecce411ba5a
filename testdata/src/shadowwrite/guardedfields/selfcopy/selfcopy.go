// Package selfcopy: records flagged temp are removed by both sides, and
// the receiver renames each record to a free name derived from its own
// (--rename): the new name lands in the record it was read from, whose
// flag it keeps, so the removals still write only flagged records'
// names and the stores into unflagged literals stay exempt.
package selfcopy

import (
	"os"
	"path"
	"path/filepath"
	"strings"
)

type record struct {
	Name   string
	Folder string
	Temp   bool
}

type transfer struct {
	sender bool
	files  []record
}

// addFile records a file the user named: read, never removed.
func (t *transfer) addFile(userPath string) error {
	st, err := os.Lstat(userPath)
	if err != nil {
		return err
	}
	t.files = append(t.files, record{Name: st.Name(), Folder: "./", Temp: false}) // ok: not temp, never removed
	return nil
}

// addArchive zips into the working directory and flags it temp.
func (t *transfer) addArchive(userDir string) error {
	dest := filepath.Base(userDir) + ".zip"
	if err := os.WriteFile(dest, nil, 0o644); err != nil { // want `relative to the working directory`
		return err
	}
	t.files = append(t.files, record{Name: dest, Temp: true}) // want `field selfcopy.record.Name is assigned a bare file name`
	return nil
}

// unused returns a name not taken in folder, derived from name.
func unused(folder, name string) string {
	if _, err := os.Lstat(path.Join(folder, name)); err != nil {
		return name
	}
	ext := path.Ext(name)
	return strings.TrimSuffix(name, ext) + " (1)" + ext
}

// renameAll gives each record a free name derived from its own, stored
// back into the same record (by index of the ranged slice).
func (t *transfer) renameAll() {
	for i, f := range t.files {
		newName := unused(f.Folder, f.Name)
		t.files[i].Name = newName // ok: the record's own name, its flag unchanged
		f.Name = newName          // ok: the loop's copy, whose flag is the record's
		t.report(f)
	}
}

// report reads a copy of a record.
func (t *transfer) report(f record) {
	if f.Temp {
		println(f.Name)
	}
}

// normalize cleans one record's name in place, through its address.
func (t *transfer) normalize(i int) {
	r := &t.files[i]
	r.Name = path.Clean(r.Name) // ok: the record's own name
}

// finish removes the temp records, on both sides.
func (t *transfer) finish() {
	for _, f := range t.files {
		if f.Temp {
			os.Remove(f.Name) // the archive only: reported at the store above
		}
	}
	if !t.sender {
		for _, f := range t.files {
			if f.Temp {
				os.Remove(f.Name) // likewise
			}
		}
	}
}
