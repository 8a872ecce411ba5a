package stateroots

import (
	"fmt"
	"os"
	"path/filepath"
)

// DirConfig is what [NewDirContext] resolves a [DirContext] from. Only App
// is required.
type DirConfig struct {
	// App is the application name; state directories are named ".<App>".
	App string
	// WorkDir is the directory the tool was invoked in; empty means
	// [os.Getwd] at resolution time. Tests set it instead of changing
	// the process's working directory.
	WorkDir string
	// FromDir is the directory the tool acts on, the value of a
	// --from-dir style flag; empty means WorkDir. A relative FromDir is
	// relative to WorkDir. It must exist.
	FromDir string
	// Markers identify the project root; nil means [DefaultMarkers](App).
	Markers []string
	// ByPriority discovers the project root with
	// [FindProjectRootByPriority] (Markers in priority order) instead of
	// [FindProjectRoot] (the nearest marker).
	ByPriority bool
	// HubRoot is the root of the multi-repository hub the project belongs
	// to, if any; a relative HubRoot is relative to WorkDir.
	HubRoot string
	// GlobalRoot sets the global state root as [WithGlobalRoot] does; the
	// environment variable [GlobalEnvVar](App) still wins.
	GlobalRoot string
}

// DirContext is the directory context of one invocation: where the tool
// was invoked, the directory it acts on, the project root and the state
// roots, resolved once by [NewDirContext]. It has no setters, and nothing
// in it changes afterwards, so every part of a program that holds it sees
// the same directories, whatever the process does to its working
// directory or environment later. It is safe for concurrent use.
type DirContext struct {
	app     string
	invoked string
	target  string
	project string
	repo    string
	hub     string
	global  string
}

// NewDirContext resolves the directory context described by cfg:
//
//  1. the invoked directory: cfg.WorkDir, or [os.Getwd];
//  2. the target directory: cfg.FromDir against the invoked directory
//     (the invoked directory itself when empty), absolute and
//     symlink-free, which must exist;
//  3. the project root, discovered from the target directory by
//     cfg.Markers, nearest or by priority;
//  4. the repo state root <project>/.<app> ([RepoStateRoot]), the hub
//     state root <hub>/.<app> when cfg.HubRoot is set ([HubStateRoot]),
//     and the global state root ([GlobalStateRoot]).
//
// Errors are those of the functions named: a [*ConfigError] or a
// [*NotFoundError], whose ExitCode is [ExitConfig]. No directory is
// created.
func NewDirContext(cfg DirConfig) (*DirContext, error) {
	if err := checkApp(cfg.App); err != nil {
		return nil, err
	}
	invoked := cfg.WorkDir
	if invoked == "" {
		wd, err := os.Getwd()
		if err != nil {
			return nil, &ConfigError{Setting: "working directory", Value: "", Problem: "cannot be determined: " + err.Error(),
				Fix: "run from an existing directory", Err: err}
		}
		invoked = wd
	}
	if err := checkAbs("working directory", invoked, "pass an absolute DirConfig.WorkDir, or leave it empty to use the process's"); err != nil {
		return nil, err
	}
	invoked = filepath.Clean(invoked)
	target, err := startDir(against(invoked, cfg.FromDir))
	if err != nil {
		return nil, err
	}
	markers := cfg.Markers
	if markers == nil {
		markers = DefaultMarkers(cfg.App)
	}
	find := FindProjectRoot
	if cfg.ByPriority {
		find = FindProjectRootByPriority
	}
	project, err := find(target, markers...)
	if err != nil {
		return nil, err
	}
	repo, err := RepoStateRoot(project, cfg.App)
	if err != nil {
		return nil, err
	}
	c := &DirContext{app: cfg.App, invoked: invoked, target: target, project: project, repo: repo}
	if cfg.HubRoot != "" {
		if c.hub, err = HubStateRoot(against(invoked, cfg.HubRoot), cfg.App); err != nil {
			return nil, err
		}
	}
	var opts []Option
	if cfg.GlobalRoot != "" {
		opts = append(opts, WithGlobalRoot(cfg.GlobalRoot))
	}
	if c.global, err = GlobalStateRoot(cfg.App, opts...); err != nil {
		return nil, err
	}
	return c, nil
}

// against returns p relative to base: p itself when absolute, base when p
// is empty.
func against(base, p string) string {
	switch {
	case p == "":
		return base
	case filepath.IsAbs(p):
		return filepath.Clean(p)
	}
	return filepath.Join(base, p)
}

// App returns the application name.
func (c *DirContext) App() string { return c.app }

// InvokedDir returns the directory the tool was invoked in, absolute:
// what user paths are relative to (see [DirContext.UserPath]).
func (c *DirContext) InvokedDir() string { return c.invoked }

// TargetDir returns the directory the tool acts on (--from-dir, or the
// invoked directory), absolute and symlink-free.
func (c *DirContext) TargetDir() string { return c.target }

// ProjectRoot returns the project root discovered from the target
// directory, absolute and symlink-free. Writing under it outside the
// state directory changes the user's project: only the entries the
// program's contract names belong there (see the may-write directive's
// project: patterns).
//
//staterootlint:authority project
func (c *DirContext) ProjectRoot() string { return c.project }

// RepoStateRoot returns the repo-local state root, <project>/.<app>.
//
//staterootlint:authority repo
func (c *DirContext) RepoStateRoot() string { return c.repo }

// HubStateRoot returns the hub state root, <hub>/.<app>, or a
// [*ConfigError] when the context was resolved without a hub
// (DirConfig.HubRoot).
//
//staterootlint:authority hub
func (c *DirContext) HubStateRoot() (string, error) {
	if c.hub == "" {
		return "", &ConfigError{Setting: "hub root", Value: "", Problem: "is not configured",
			Fix: "set DirConfig.HubRoot, for example from a --hub flag"}
	}
	return c.hub, nil
}

// GlobalStateRoot returns the global state root, resolved as
// [GlobalStateRoot] does.
//
//staterootlint:authority global
func (c *DirContext) GlobalStateRoot() string { return c.global }

// RunDir returns the directory of run id under the repo state root
// without creating it; see [RunDir].
func (c *DirContext) RunDir(id string) (string, error) { return RunDir(c.repo, id) }

// CreateRunDir creates the private directory of run id under the repo
// state root; see [CreateRunDir].
func (c *DirContext) CreateRunDir(id string) (string, error) { return CreateRunDir(c.repo, id) }

// String describes the context on one line, for logs and debugging.
func (c *DirContext) String() string {
	return fmt.Sprintf("invoked %s, target %s, project %s, repo %s, global %s", c.invoked, c.target, c.project, c.repo, c.global)
}
