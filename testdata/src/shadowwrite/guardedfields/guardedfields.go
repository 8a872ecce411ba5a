// Package guardedfields: one slice of file records holds the files a
// sender reads and the archive it creates in the working directory; only
// records flagged temp are removed, and only by the sender. A receiver
// fills the same records with names relative to the directory the user
// chose. An engine that tells neither objects nor the guarding flag apart
// reports every store into the name field at the removal.
package guardedfields

import (
	"os"
	"path/filepath"
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
	t.files = append(t.files, record{Name: st.Name(), Folder: "./"}) // ok: not temp, never removed
	return nil
}

// addArchive zips into the working directory and flags it temp: removed
// after sending, a shadow file in the cwd.
func (t *transfer) addArchive(userDir string) error {
	dest := filepath.Base(userDir) + ".zip"
	if err := os.WriteFile(dest, nil, 0o644); err != nil { // want `relative to the working directory`
		return err
	}
	t.files = append(t.files, record{Name: dest, Temp: true}) // want `field guardedfields.record.Name is assigned a bare file name`
	return nil
}

// receive stores the received names (relative to the user's output dir,
// which the caller made absolute): only the receiver's own writes touch them.
func (t *transfer) receive(outDir, remoteName string) error {
	t.files = append(t.files, record{Name: filepath.Join(outDir, filepath.Base(remoteName))}) // ok: never reaches the sender's removal
	return nil
}

// addLocal builds the record in a variable, flag left false: never removed.
func (t *transfer) addLocal(userPath string) {
	r := record{Name: filepath.Base(userPath), Temp: false} // ok: Temp is false
	if r.Name == "" {
		return
	}
	t.files = append(t.files, r)
}

// rename stores into a record whose flag it does not know.
func (t *transfer) rename(i int) {
	t.files[i].Name = "renamed" // want `field guardedfields.record.Name is assigned "renamed" relative`
}

// entry is removed unless kept: a negated flag narrows nothing here,
// since an entry built without it is removed.
type entry struct {
	Path string
	Keep bool
}

func addEntry(es []entry) []entry {
	return append(es, entry{Path: "scratch"}) // want `field guardedfields.entry.Path is assigned "scratch" relative`
}

func dropAll(es []entry) {
	for _, e := range es {
		if !e.Keep {
			os.Remove(e.Path)
		}
	}
}

func (t *transfer) finish() {
	if !t.sender {
		return
	}
	for _, f := range t.files {
		if f.Temp {
			os.Remove(f.Name) // the archive only: reported at the store above
		}
	}
}

// Sweep adds a scratch entry and removes every entry not kept.
func Sweep() {
	dropAll(addEntry(nil))
}
