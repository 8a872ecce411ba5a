// Package paths is px's state layout: the one place that knows where px
// keeps things. Every root comes from the stateroots authority; the rest of
// px derives its paths from a Layout.
//
//	<project>/px.lock                    the px version (the contract's one project entry)
//	<project>/.px/lock                   lock.Acquire
//	<project>/.px/run/<run>/             each run's private directory (stateroots.CreateRunDir)
//	<project>/.px/logs/<run>.log         runlog
//	<project>/.px/runs.db                rundb
//	<project>/.px/runs/<run>/artifacts/  artifacts
//	<global>/cache/update.json           update ($PX_GLOBAL_STATE_ROOT or ~/.px)
//	<user cache>/px/outputs/             runner (rebuildable)
package paths

import (
	"path/filepath"

	"github.com/staterootlint/staterootlint/stateroots"
)

// App is px's application name; its state directories are named ".px".
const App = "px"

// EnvGlobalRoot overrides the global state root. It equals
// stateroots.GlobalEnvVar(App).
const EnvGlobalRoot = "PX_GLOBAL_STATE_ROOT"

// Layout holds the roots of one px invocation, resolved once from a
// stateroots.DirContext.
type Layout struct {
	// Dirs is the invocation's directory context: invoked, target and
	// project directories and the state roots. Nothing in it changes.
	Dirs *stateroots.DirContext
	// Project is the discovered project root.
	Project string
	// Repo is the repo-local state root, <Project>/.px.
	Repo string
	// Global is the global state root: $PX_GLOBAL_STATE_ROOT or ~/.px.
	Global string
	// Cache holds rebuildable data only: <user cache dir>/px.
	Cache string
}

// Discover resolves the directory context once: the project root is found
// by walking up from fromDir (the value of --from-dir, relative to the
// working directory; "." by default), preferring a .git root over a nested
// go.mod or .px, and every root is resolved from it.
func Discover(fromDir string) (*Layout, error) {
	dirs, err := stateroots.NewDirContext(stateroots.DirConfig{App: App, FromDir: fromDir, ByPriority: true})
	if err != nil {
		return nil, err
	}
	cache, err := stateroots.CacheRoot(App)
	if err != nil {
		return nil, err
	}
	return &Layout{
		Dirs:    dirs,
		Project: dirs.ProjectRoot(),
		Repo:    dirs.RepoStateRoot(),
		Global:  dirs.GlobalStateRoot(),
		Cache:   cache,
	}, nil
}

// GlobalRoot returns px's global state root.
func GlobalRoot(opts ...stateroots.Option) (string, error) {
	return stateroots.GlobalStateRoot(App, opts...)
}

// VersionFile is <project>/px.lock, the px version the project's runs
// were recorded with: the one entry px's contract lets it create in the
// project outside .px (STATE_ROOTS.md). It asks Dirs rather than reading
// the Project field, so the linter sees the entry (project:px.lock) where
// the path is written and finds the may-write directive declaring it.
func (l *Layout) VersionFile() string { return filepath.Join(l.Dirs.ProjectRoot(), "px.lock") }

// LockFile is the repository lock, <repo>/.px/lock.
func (l *Layout) LockFile() string { return filepath.Join(l.Repo, "lock") }

// LogsDir holds one log per run, <repo>/.px/logs.
func (l *Layout) LogsDir() string { return filepath.Join(l.Repo, "logs") }

// RunsDB is the run database, <repo>/.px/runs.db.
func (l *Layout) RunsDB() string { return l.Repo + string(filepath.Separator) + "runs.db" }

// RunsDir holds one directory per run, <repo>/.px/runs.
func (l *Layout) RunsDir() string { return filepath.Join(l.Repo, "runs") }

// UpdateCacheDir holds the update check's cache, <global>/cache.
func (l *Layout) UpdateCacheDir() string { return filepath.Join(l.Global, "cache") }

// OutputsDir caches task outputs, <user cache dir>/px/outputs; safe to delete.
func (l *Layout) OutputsDir() string { return filepath.Join(l.Cache, "outputs") }

// RepoJoin joins user-supplied elements onto the repo-local root, refusing
// any that would leave it.
func (l *Layout) RepoJoin(elem ...string) (string, error) {
	return stateroots.Join(l.Repo, elem...)
}
