package stateroots

import (
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"
)

// RunDirsName is the directory under a repo state root that holds one
// directory per run or agent: <repo state root>/run/<id>.
const RunDirsName = "run"

// RunDir returns the directory of run id under the repo state root
// repoRoot, <repoRoot>/run/<id>, without creating it. repoRoot must be
// absolute; id must pass [RelativeSafe], or the error is a [*ConfigError].
func RunDir(repoRoot, id string) (string, error) {
	if err := checkAbs("repo state root", repoRoot, "pass an absolute directory, for example from stateroots.RepoStateRoot"); err != nil {
		return "", err
	}
	if err := checkComponent("run id", id); err != nil {
		return "", err
	}
	return Join(repoRoot, RunDirsName, id)
}

// CreateRunDir creates the directory of run id, <repoRoot>/run/<id>, and
// returns it. The directory is private (mode 0700, before the umask), and
// so are the repo state root and its run directory when CreateRunDir has
// to create them.
//
// Each run gets a directory of its own: when the directory exists already
// (another run, possibly in another process at the same moment, took the
// id) the error wraps [fs.ErrExist] and the directory is not shared; pick a
// fresh id, for example with [NewRunID]. The check is the atomic mkdir(2),
// so of any number of concurrent callers with one id exactly one succeeds.
// The directory is created through an [os.Root] on repoRoot, so a symlink
// planted at <repoRoot>/run cannot redirect it outside repoRoot.
func CreateRunDir(repoRoot, id string) (string, error) {
	dir, err := RunDir(repoRoot, id)
	if err != nil {
		return "", err
	}
	if err := os.MkdirAll(repoRoot, 0o700); err != nil {
		return "", fmt.Errorf("create run directory: %w", err)
	}
	root, err := os.OpenRoot(repoRoot)
	if err != nil {
		return "", fmt.Errorf("create run directory: %w", err)
	}
	defer root.Close()
	if err := root.Mkdir(RunDirsName, 0o700); err != nil && !errors.Is(err, fs.ErrExist) {
		return "", fmt.Errorf("create run directory: %w", err)
	}
	if err := root.Mkdir(filepath.Join(RunDirsName, id), 0o700); err != nil {
		if errors.Is(err, fs.ErrExist) {
			return "", fmt.Errorf("create run directory %s: %w: another run has the id %q; use a fresh id, such as stateroots.NewRunID(time.Now())", dir, fs.ErrExist, id)
		}
		return "", fmt.Errorf("create run directory: %w", err)
	}
	return dir, nil
}

// NewRunID returns a fresh run id that sorts by time: now in UTC to the
// second, a dash and 8 random hex digits, such as
// "20261121T233000Z-1a2b3c4d". It passes [RelativeSafe].
func NewRunID(now time.Time) string {
	var b [4]byte
	rand.Read(b[:]) // never fails (crypto/rand since Go 1.24)
	return now.UTC().Format("20060102T150405Z") + "-" + hex.EncodeToString(b[:])
}

// PruneRunDirs deletes old run directories under <repoRoot>/run and
// returns the ids it deleted, oldest first. A run directory is deleted
// when both hold:
//
//  1. it is not among the keep most recently modified run directories;
//  2. it was last modified before before (pass time.Now() to prune by
//     count alone, or keep = 0 to prune by age alone).
//
// Only real directories whose names pass [RelativeSafe] count as runs;
// files, symlinks and anything else under run/ are left alone, and the
// deletion goes through an [os.Root], so nothing outside run/ is touched.
// A missing run/ directory is nothing to prune. A directory's modification
// time changes when entries are added to it, so a run still writing new
// files counts as recent; give before a margin longer than your longest
// run if runs can be idle. A negative keep is a [*ConfigError].
func PruneRunDirs(repoRoot string, keep int, before time.Time) ([]string, error) {
	if keep < 0 {
		return nil, &ConfigError{Setting: "keep", Value: fmt.Sprint(keep), Problem: "is negative", Fix: "pass 0 or more run directories to keep"}
	}
	if err := checkAbs("repo state root", repoRoot, "pass an absolute directory, for example from stateroots.RepoStateRoot"); err != nil {
		return nil, err
	}
	runs := filepath.Join(repoRoot, RunDirsName)
	root, err := os.OpenRoot(runs)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("prune run directories: %w", err)
	}
	defer root.Close()
	entries, err := fs.ReadDir(root.FS(), ".")
	if err != nil {
		return nil, fmt.Errorf("prune run directories: %w", err)
	}
	type run struct {
		id  string
		mod time.Time
	}
	var all []run
	for _, e := range entries {
		if !e.IsDir() || checkComponent("run id", e.Name()) != nil {
			continue
		}
		fi, err := e.Info()
		if err != nil {
			continue // removed meanwhile
		}
		all = append(all, run{e.Name(), fi.ModTime()})
	}
	// Newest first; equal times by id, newest id first, so the order
	// is total and ids from NewRunID break ties the natural way.
	slices.SortFunc(all, func(a, b run) int {
		if c := b.mod.Compare(a.mod); c != 0 {
			return c
		}
		return strings.Compare(b.id, a.id)
	})
	var removed []string
	for i := len(all) - 1; i >= keep; i-- {
		if !all[i].mod.Before(before) {
			continue
		}
		if err := root.RemoveAll(all[i].id); err != nil {
			return removed, fmt.Errorf("prune run directory %s: %w", filepath.Join(runs, all[i].id), err)
		}
		removed = append(removed, all[i].id)
	}
	return removed, nil
}
