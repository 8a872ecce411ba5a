// Package relfields: names made relative (filepath.Rel), bare names
// (filepath.Base, fs.FileInfo.Name) kept in a record's field and joined
// below a base by every write that uses them are elements of that base,
// not paths resolved against the working directory.
package relfields

import (
	"io/fs"
	"os"
	"path/filepath"

	"github.com/staterootlint/staterootlint/stateroots"
)

// entry is one file of a snapshot: its name relative to the snapshot's
// directory, its base name, and its data.
type entry struct {
	rel  string
	base string
	data []byte
}

// snapshot is a directory and what was found below it.
type snapshot struct {
	dir     string
	entries []entry
}

func collect(dir string) (*snapshot, error) {
	s := &snapshot{dir: dir}
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		rel, err := filepath.Rel(dir, p)
		if err != nil {
			return err
		}
		info, err := d.Info()
		if err != nil {
			return err
		}
		s.entries = append(s.entries, entry{rel: rel, base: info.Name()})
		return nil
	})
	return s, err
}

// restore writes every entry below another snapshot's directory.
func (s *snapshot) restore(to *snapshot) error {
	for _, e := range s.entries {
		if err := os.MkdirAll(filepath.Dir(filepath.Join(to.dir, e.rel)), 0o700); err != nil {
			return err
		}
		if err := os.WriteFile(filepath.Join(to.dir, e.rel), e.data, 0o600); err != nil {
			return err
		}
		_ = os.Remove(filepath.Join(to.dir, "old", filepath.Base(e.base)))
	}
	return nil
}

func run(project string) error {
	root, err := stateroots.RepoStateRoot(project, "myapp")
	if err != nil {
		return err
	}
	from, err := collect(filepath.Join(root, "a"))
	if err != nil {
		return err
	}
	return from.restore(&snapshot{dir: filepath.Join(root, "b")}) // ok: every write is below the root
}
