package radius

import (
	"os"
	"path/filepath"

	"github.com/staterootlint/staterootlint/stateroots"

	"blastradius/radius/store"
)

func layout(project string) store.Layout {
	r, _ := stateroots.RepoStateRoot(project, "px")
	return store.Layout{Repo: r}
}

// logOnly may write logs only, reached three calls deep.
//
//staterootlint:may-write repo:logs/**
func logOnly(project string, line []byte) error {
	return level1(layout(project), line)
}

func level1(l store.Layout, line []byte) error { return level2(l, line) }

func level2(l store.Layout, line []byte) error { return store.AppendLog(l, "r1", line) }

// gc claims to touch logs only but rewrites the database.
//
//staterootlint:may-write repo:logs/**
func gc(project string, data []byte) error { // want `gc may write only repo:logs/\*\*, but it reaches os.WriteFile of repo:runs.db at store.go:24 via store.SaveDB → store.writeAt`
	return store.SaveDB(layout(project), data)
}

// status is read-only.
//
//staterootlint:may-write none
func status(project string) ([]byte, error) { // ok: reads only
	return os.ReadFile(filepath.Join(layout(project).Repo, "runs.db"))
}

// scratch writes temp files and the database.
//
//staterootlint:may-write temp repo:runs.db
func scratch(project string, data []byte) error { // ok: both allowed
	dir, err := os.MkdirTemp("", "px-")
	if err != nil {
		return err
	}
	os.WriteFile(filepath.Join(dir, "x"), data, 0o644)
	return store.SaveDB(layout(project), data)
}

// readOnly writes nonetheless.
//
//staterootlint:may-write none
func readOnly(data []byte) { // want `readOnly may write nothing \(none\), but it reaches os.WriteFile of temp:x at radius.go:\d+`
	os.WriteFile(filepath.Join(os.TempDir(), "x"), data, 0o644)
}

// Saver is implemented elsewhere.
type Saver interface {
	Save(path string) error
}

// dynamic calls through an interface with a path.
//
//staterootlint:may-write repo:logs/**
func dynamic(s Saver, project string) error { // want `dynamic may write only repo:logs/\*\*, but it makes a call of interface method \(radius.Saver\).Save with a path the analysis cannot follow \(radius.go:\d+\), which is unproven`
	return s.Save(filepath.Join(layout(project).Repo, "logs", "x"))
}

// shadow writes outside every root.
//
//staterootlint:may-write repo:**
func shadow(data []byte) { // want `shadow may write only repo:\*\*, but it reaches os.WriteFile of "debug.log" relative to the working directory at radius.go:\d+`
	os.WriteFile("debug.log", data, 0o644)
}

// narrow allows one file; a dynamic segment does not match a literal one.
//
//staterootlint:may-write repo:logs/main.log
func narrow(project string, line []byte) error { // want `narrow may write only repo:logs/main.log, but it reaches os.WriteFile of repo:logs/\*.log`
	return store.AppendLog(layout(project), "r2", line)
}
