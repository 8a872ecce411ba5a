// Package runner carries out px's commands against a state layout.
package runner

import (
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"time"

	"example.com/px/internal/artifacts"
	"example.com/px/internal/lock"
	"example.com/px/internal/paths"
	"example.com/px/internal/rundb"
	"example.com/px/internal/runlog"
	"example.com/px/internal/update"

	"github.com/staterootlint/staterootlint/stateroots"
)

// Runner runs tasks in one project.
type Runner struct {
	Layout *paths.Layout
	// Now returns the current time; tests pin it.
	Now func() time.Time
	// Latest returns the newest px release; a real px asks its release feed.
	Latest func() (string, error)
}

// Run runs task and records it. When out is not empty the run's summary is
// also written there (the user chose that path with --out).
func (r *Runner) Run(task, out string) (rundb.Record, error) {
	if strings.TrimSpace(task) == "" {
		return rundb.Record{}, fmt.Errorf("run: empty task name")
	}
	if err := os.MkdirAll(r.Layout.Repo, 0o755); err != nil {
		return rundb.Record{}, fmt.Errorf("create state directory: %w", err)
	}
	l, err := lock.Acquire(r.Layout.LockFile())
	if err != nil {
		return rundb.Record{}, err
	}
	defer l.Release()

	if err := r.pinVersion(); err != nil {
		return rundb.Record{}, err
	}
	rec := rundb.Record{ID: stateroots.NewRunID(r.Now()), Task: task, Started: r.Now().UTC()}
	// The run's own directory: private, and never shared with another
	// run, even one started at the same moment with the same id.
	runDir, err := r.Layout.Dirs.CreateRunDir(rec.ID)
	if err != nil {
		return rundb.Record{}, err
	}
	if err := os.WriteFile(filepath.Join(runDir, "task.md"), []byte("# "+task+"\n"), 0o600); err != nil {
		return rundb.Record{}, fmt.Errorf("write task file: %w", err)
	}
	log, err := runlog.Create(r.Layout.LogsDir(), rec.ID)
	if err != nil {
		return rundb.Record{}, err
	}
	defer log.Close()
	log.Printf("run %s: task %q in %s", rec.ID, task, r.Layout.Project)

	summary, err := r.work(task, log)
	rec.Ended = r.Now().UTC()
	rec.Status = "ok"
	if err != nil {
		rec.Status = "failed"
		log.Printf("failed: %v", err)
	}
	store := artifacts.NewStore(r.Layout.RunsDir())
	if perr := store.Put(rec.ID, "summary.md", []byte(summary)); perr != nil && err == nil {
		err = perr
	}
	if aerr := rundb.Open(r.Layout.RunsDB()).Append(rec); aerr != nil && err == nil {
		err = aerr
	}
	if out != "" && err == nil {
		if werr := os.WriteFile(out, []byte(summary), 0o644); werr != nil {
			err = fmt.Errorf("write --out: %w", werr)
		}
	}
	log.Printf("status %s", rec.Status)
	return rec, err
}

// Version is the px version recorded in px.lock.
const Version = "px v0.4.0"

// pinVersion records the px version in <project>/px.lock on the first run
// in a project, as a package manager pins its lock file; later runs leave
// the file alone, whoever edited it.
//
//staterootlint:may-write project:px.lock
func (r *Runner) pinVersion() error {
	f, err := os.OpenFile(r.Layout.VersionFile(), os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o644)
	if errors.Is(err, fs.ErrExist) {
		return nil
	}
	if err != nil {
		return fmt.Errorf("pin the px version: %w", err)
	}
	_, werr := f.WriteString(Version + "\n")
	if cerr := f.Close(); werr == nil {
		werr = cerr
	}
	if werr != nil {
		return fmt.Errorf("pin the px version: %w", werr)
	}
	return nil
}

// work is the agent in miniature: it plans in a private scratch directory,
// reuses a cached result when it has one, and returns a summary.
func (r *Runner) work(task string, log *runlog.Logger) (string, error) {
	scratch, err := os.MkdirTemp("", "px-run-*")
	if err != nil {
		return "", fmt.Errorf("create scratch directory: %w", err)
	}
	defer os.RemoveAll(scratch)
	steps := []string{"read the task", "plan", "act", "verify"}
	if err := os.WriteFile(filepath.Join(scratch, "plan.txt"), []byte(strings.Join(steps, "\n")), 0o600); err != nil {
		return "", fmt.Errorf("write plan: %w", err)
	}

	sum := sha256.Sum256([]byte(task))
	key := hex.EncodeToString(sum[:8])
	cached := filepath.Join(r.Layout.OutputsDir(), key+".txt")
	if b, err := os.ReadFile(cached); err == nil {
		log.Printf("reusing cached result %s", cached)
		return string(b), nil
	}
	var b strings.Builder
	fmt.Fprintf(&b, "# %s\n\n", task)
	for i, s := range steps {
		log.Printf("step %d: %s", i+1, s)
		fmt.Fprintf(&b, "%d. %s\n", i+1, s)
	}
	// The output cache is rebuildable, so a failure to fill it is not an error.
	if err := os.MkdirAll(r.Layout.OutputsDir(), 0o755); err == nil {
		os.WriteFile(cached, []byte(b.String()), 0o644)
	}
	return b.String(), nil
}

// Status describes the project's px state: the roots, who holds the lock,
// the latest runs and the update check.
func (r *Runner) Status() (string, error) {
	var b strings.Builder
	fmt.Fprintf(&b, "project  %s\nstate    %s\nglobal   %s\n", r.Layout.Project, r.Layout.Repo, r.Layout.Global)
	if v, err := os.ReadFile(r.Layout.VersionFile()); err == nil {
		fmt.Fprintf(&b, "pinned   %s\n", strings.TrimSpace(string(v)))
	}
	pid, err := lock.Holder(r.Layout.LockFile())
	if err != nil {
		return "", err
	}
	if pid != 0 {
		fmt.Fprintf(&b, "locked   by pid %d\n", pid)
	}
	runs, err := rundb.Open(r.Layout.RunsDB()).List()
	if err != nil {
		return "", err
	}
	fmt.Fprintf(&b, "runs     %d\n", len(runs))
	for _, rec := range runs[max(0, len(runs)-5):] {
		fmt.Fprintf(&b, "  %s  %-6s  %s\n", rec.ID, rec.Status, rec.Task)
	}
	info, err := update.Cache{GlobalRoot: r.Layout.Global}.Check(r.Now(), r.Latest)
	if err != nil {
		fmt.Fprintf(&b, "update   unknown (%v)\n", err)
	} else {
		fmt.Fprintf(&b, "update   latest %s (checked %s)\n", info.Latest, info.Checked.Format(time.RFC3339))
	}
	return b.String(), nil
}

// GC deletes all but the keep newest runs (their artifacts, logs and
// records) and empties the output cache. It returns the removed run ids.
func (r *Runner) GC(keep int) ([]string, error) {
	if keep < 0 {
		return nil, fmt.Errorf("gc: negative --keep %d", keep)
	}
	if err := os.MkdirAll(r.Layout.Repo, 0o755); err != nil {
		return nil, fmt.Errorf("create state directory: %w", err)
	}
	l, err := lock.Acquire(r.Layout.LockFile())
	if err != nil {
		return nil, err
	}
	defer l.Release()

	db := rundb.Open(r.Layout.RunsDB())
	runs, err := db.List()
	if err != nil {
		return nil, err
	}
	cut := max(0, len(runs)-keep)
	store := artifacts.NewStore(r.Layout.RunsDir())
	var removed []string
	for _, rec := range runs[:cut] {
		if err := store.Remove(rec.ID); err != nil {
			return removed, err
		}
		if err := runlog.Remove(r.Layout.LogsDir(), rec.ID); err != nil {
			return removed, err
		}
		removed = append(removed, rec.ID)
	}
	if err := db.Replace(runs[cut:]); err != nil {
		return removed, err
	}
	// Run directories go by the same count, newest kept, so a directory
	// without a record (a run that crashed before recording) goes too.
	if _, err := stateroots.PruneRunDirs(r.Layout.Repo, keep, r.Now()); err != nil {
		return removed, err
	}
	if err := os.RemoveAll(r.Layout.OutputsDir()); err != nil {
		return removed, fmt.Errorf("clear output cache: %w", err)
	}
	return removed, nil
}
