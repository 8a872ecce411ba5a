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
	exportAll()
	_ = os.WriteFile("report.txt", nil, 0o600) // want `"report.txt" relative to the working directory`
}

// exporter keeps --out in a field: a "" left by the user becomes its
// default "." there.
type exporter struct{ dir string }

func (e *exporter) resolve() {
	if e.dir == "" {
		e.dir = "." // ok: --out left empty, its default
	}
}

// archiver keeps --out in a field too, and spells its "." out there.
type archiver struct{ dir string }

func (a *archiver) resolve() {
	if a.dir == "." {
		a.dir, _ = os.Getwd() // ok: --out's "." spelled out
	}
}

func (a *archiver) archive() error {
	return os.WriteFile(filepath.Join(a.dir, "archive.tar"), nil, 0o600)
}

func (e *exporter) export() error {
	return os.WriteFile(filepath.Join(e.dir, "export.csv"), nil, 0o600)
}

// scratch has no option: its "." is the program's own.
type scratch struct{ dir string }

func (s *scratch) open() {
	if s.dir == "" {
		s.dir = "." // want `"\." relative to the working directory`
	}
}

func (s *scratch) save() error {
	return os.WriteFile(filepath.Join(s.dir, "scratch.db"), nil, 0o600)
}

func exportAll() {
	e := &exporter{dir: *out}
	e.resolve()
	_ = e.export()
	a := &archiver{dir: *out}
	a.resolve()
	_ = a.archive()
	s := &scratch{}
	s.open()
	_ = s.save()
}
