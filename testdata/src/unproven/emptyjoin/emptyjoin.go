// Package emptyjoin: a directory kept in a field, empty until a getter
// makes it, emptied again by Close, joined with names the analysis does
// not follow. Where the field may be empty, the joined path is those
// names: not a relative literal "*", which nothing in the program
// spells, but a path the analysis cannot follow, counted as unproven
// where the field is emptied.
package emptyjoin

import (
	"os"
	"path"
)

// absPath is an absolute path, "" until set.
type absPath string

// isEmpty reports whether p is not set.
func (p absPath) isEmpty() bool { return len(p) == 0 }

type differ struct {
	tempDir absPath // made on first use
}

func (d *differ) dir() (absPath, error) {
	if d.tempDir.isEmpty() {
		dir, err := os.MkdirTemp("", "differ")
		if err != nil {
			return "", err
		}
		d.tempDir = absPath(dir)
	}
	return d.tempDir, nil
}

// join joins elems below base, as a path type's Join method does.
func join(base string, elems ...string) string {
	parts := make([]string, len(elems)+1)
	parts[0] = base
	for i, e := range elems {
		parts[i+1] = e
	}
	return path.Join(parts...)
}

// Write writes data below the temporary directory, at a name its caller gives.
func (d *differ) Write(name string, data []byte) error {
	dir, err := d.dir()
	if err != nil {
		return err
	}
	return os.WriteFile(join(string(dir), name), data, 0o600)
}

// Close removes the temporary directory; the next write makes another.
func (d *differ) Close() error {
	if d.tempDir.isEmpty() {
		return nil
	}
	err := os.RemoveAll(string(d.tempDir))
	d.tempDir = "" // want `field emptyjoin.differ.tempDir is assigned an empty path with a name the analysis cannot follow joined below it, and it is written \(os.WriteFile at emptyjoin.go:51\)`
	return err
}

// New returns a differ with no directory yet.
func New() *differ { return &differ{} }

// removeListed removes the files a directory lists: the names below it
// are its own entries, so an empty directory name lists nothing
// (os.ReadDir("") fails) and nothing is removed.
func removeListed(dir string) {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return
	}
	for _, e := range entries {
		_ = os.Remove(path.Join(dir, e.Name()))
	}
}

type replay struct{ traceDir string }

// Replay removes the trace directory's files; no trace directory is "".
func Replay(traceDir string) {
	r := &replay{traceDir: traceDir}
	removeListed(r.traceDir)
}

func replays() {
	Replay("") // ok: nothing listed, nothing removed
}

// writeReport writes a report below dir, the one the user asked for;
// no directory ("") writes nothing: the names are joined below dir only
// where it is not empty.
func writeReport(data []byte, name, dir string) error {
	if dir != "" {
		reportDir := path.Clean(dir)
		if err := os.MkdirAll(reportDir, 0o755); err != nil {
			return err
		}
		return os.WriteFile(path.Join(reportDir, name+".json"), data, 0o600)
	}
	return nil
}

func reports(data []byte, name string) {
	_ = writeReport(data, name, "") // ok: no directory, no report
}
