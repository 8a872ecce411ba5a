package stateroots

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
)

// DefaultMarkers returns the markers that identify a project root for app:
// [".git", "go.mod", "."+app].
func DefaultMarkers(app string) []string {
	return []string{".git", "go.mod", "." + app}
}

// FindProjectRoot returns the nearest directory, starting at start and
// walking up through its parents, that holds an entry named by any of
// markers. A marker may be a file or a directory (a git worktree has a .git
// file); a symlink named like a marker counts as well. The order of markers
// does not matter: the nearest directory holding any of them wins (see
// [FindProjectRootByPriority] for the other rule).
//
// start is made absolute and its symlinks are resolved first, so the walk
// follows the physical directory tree, as git does; the returned root is
// therefore symlink-free. start must exist and be a directory: otherwise
// the error is a [*ConfigError] that says so.
//
// When no directory up to the filesystem root holds a marker, the error is a
// [*NotFoundError] listing the markers and the directories searched. There
// is no fallback to the working directory.
//
//staterootlint:authority project
func FindProjectRoot(start string, markers ...string) (string, error) {
	return findRoot(start, markers, false)
}

// FindProjectRootByPriority is [FindProjectRoot] with markers in priority
// order: the nearest directory holding markers[0] wins, wherever it is
// above start; only when no directory holds markers[0] does markers[1]
// count, and so on. With markers [".git", "go.mod"], a repository whose
// nested module has its own go.mod is found at its .git, not at the
// go.mod, from anywhere inside the module.
//
// start, the errors and the symlink handling are as for FindProjectRoot.
//
//staterootlint:authority project
func FindProjectRootByPriority(start string, markers ...string) (string, error) {
	return findRoot(start, markers, true)
}

// findRoot walks up from start. Without priority the first directory
// holding any marker wins; with it, the walk goes on to the filesystem root
// and the nearest directory holding the earliest marker wins.
func findRoot(start string, markers []string, priority bool) (string, error) {
	if len(markers) == 0 {
		return "", &ConfigError{Setting: "markers", Value: "", Problem: "none given",
			Fix: "pass at least one marker, for example stateroots.DefaultMarkers(app)..."}
	}
	for _, m := range markers {
		if !filepath.IsLocal(m) {
			return "", &ConfigError{Setting: "marker", Value: m, Problem: "is not a local relative name",
				Fix: `use a name such as ".git" or "go.mod"`}
		}
	}
	dir, err := startDir(start)
	if err != nil {
		return "", err
	}
	var searched []string
	best, bestRank := "", len(markers)
	for {
		searched = append(searched, dir)
		for rank, m := range markers[:bestRank] {
			_, err := os.Lstat(filepath.Join(dir, m))
			if errors.Is(err, fs.ErrNotExist) {
				continue
			}
			if err != nil {
				return "", fmt.Errorf("look for project root marker: %w", err)
			}
			if !priority || rank == 0 {
				return dir, nil
			}
			// A nearer directory already holds a marker ranked at or
			// above this one only if bestRank <= rank, which the loop
			// bound excludes: this one is better.
			best, bestRank = dir, rank
			break
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			break
		}
		dir = parent
	}
	if best != "" {
		return best, nil
	}
	return "", &NotFoundError{
		Start:    searched[0],
		Markers:  append([]string(nil), markers...),
		Searched: searched,
	}
}

// startDir returns start made absolute and symlink-free, checking that it is
// an existing directory.
func startDir(start string) (string, error) {
	const fix = "start the search from an existing directory inside the project"
	if start == "" {
		return "", &ConfigError{Setting: "start directory", Value: start, Problem: "is empty", Fix: fix}
	}
	abs, err := filepath.Abs(start)
	if err != nil {
		return "", &ConfigError{Setting: "start directory", Value: start, Problem: "cannot be made absolute", Fix: fix, Err: err}
	}
	fi, err := os.Stat(abs)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return "", &ConfigError{Setting: "start directory", Value: abs, Problem: "does not exist", Fix: fix, Err: err}
	case err != nil:
		return "", &ConfigError{Setting: "start directory", Value: abs, Problem: "cannot be examined: " + cause(err), Fix: fix, Err: err}
	case !fi.IsDir():
		return "", &ConfigError{Setting: "start directory", Value: abs, Problem: "is not a directory", Fix: fix}
	}
	resolved, err := filepath.EvalSymlinks(abs)
	if err != nil {
		return "", &ConfigError{Setting: "start directory", Value: abs, Problem: "cannot be resolved: " + cause(err), Fix: fix, Err: err}
	}
	return resolved, nil
}

// cause returns the text of err without the operation and path a
// *fs.PathError adds, since the ConfigError names the path already.
func cause(err error) string {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return pe.Err.Error()
	}
	return err.Error()
}
