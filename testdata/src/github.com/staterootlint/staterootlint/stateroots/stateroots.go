// Package stateroots is the fixtures' stand-in for the real
// github.com/staterootlint/staterootlint/stateroots: the same exported
// names, signatures and //staterootlint:authority directives, with bodies
// just real enough to type-check. Analyzer fixtures import it to call the
// authority; keep it in step with the real package's API.
package stateroots

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
)

// GlobalEnvSuffix ends the name of every application's global-root override
// variable; see GlobalEnvVar.
const GlobalEnvSuffix = "_GLOBAL_STATE_ROOT"

// GlobalEnvVar returns the environment variable that overrides app's global
// state root, such as MYAPP_GLOBAL_STATE_ROOT for "myapp".
func GlobalEnvVar(app string) string {
	return strings.ToUpper(app) + GlobalEnvSuffix
}

// Option configures GlobalStateRoot.
type Option func(*options)

type options struct {
	globalRoot string
}

// WithGlobalRoot sets the global state root explicitly.
func WithGlobalRoot(dir string) Option {
	return func(o *options) { o.globalRoot = dir }
}

// DefaultMarkers returns the markers that identify a project root for app.
func DefaultMarkers(app string) []string {
	return []string{".git", "go.mod", "." + app}
}

// FindProjectRoot returns the nearest directory at or above start that
// holds one of markers.
//
//staterootlint:authority project
func FindProjectRoot(start string, markers ...string) (string, error) {
	for dir := filepath.Clean(start); ; dir = filepath.Dir(dir) {
		for _, m := range markers {
			if _, err := os.Lstat(filepath.Join(dir, m)); err == nil {
				return dir, nil
			}
		}
		if filepath.Dir(dir) == dir {
			return "", errors.New("no project root")
		}
	}
}

// RepoStateRoot returns the repo-local state root of app:
// <projectRoot>/.<app>.
//
//staterootlint:authority repo
func RepoStateRoot(projectRoot, app string) (string, error) {
	return filepath.Join(projectRoot, "."+app), nil
}

// HubStateRoot returns the state root of app in the hub at hubRoot:
// <hubRoot>/.<app>.
//
//staterootlint:authority hub
func HubStateRoot(hubRoot, app string) (string, error) {
	return filepath.Join(hubRoot, "."+app), nil
}

// GlobalStateRoot returns the global state root of app: the override
// variable GlobalEnvVar(app), then WithGlobalRoot, then ~/.<app>.
//
//staterootlint:authority global
func GlobalStateRoot(app string, opts ...Option) (string, error) {
	var o options
	for _, opt := range opts {
		opt(&o)
	}
	if v, ok := os.LookupEnv(GlobalEnvVar(app)); ok {
		return v, nil
	}
	if o.globalRoot != "" {
		return o.globalRoot, nil
	}
	home, err := os.UserHomeDir()
	if err != nil {
		return "", err
	}
	return filepath.Join(home, "."+app), nil
}

// CacheRoot returns the cache root of app: <os.UserCacheDir()>/<app>.
//
//staterootlint:authority cache
func CacheRoot(app string) (string, error) {
	dir, err := os.UserCacheDir()
	if err != nil {
		return "", err
	}
	return filepath.Join(dir, app), nil
}

// TempRoot returns a temporary root for app: <os.TempDir()>/<app>.
//
//staterootlint:authority temp
func TempRoot(app string) (string, error) {
	return filepath.Join(os.TempDir(), app), nil
}

// Join joins elem onto root, failing if the result would leave root.
func Join(root string, elem ...string) (string, error) {
	for _, e := range elem {
		if !filepath.IsLocal(e) {
			return "", errors.New("element leaves the root: " + e)
		}
	}
	return filepath.Join(append([]string{root}, elem...)...), nil
}

// Within reports whether path is root or lies under it, lexically.
func Within(root, path string) bool {
	rel, err := filepath.Rel(root, path)
	return err == nil && filepath.IsLocal(rel) || rel == "."
}

// FindProjectRootByPriority is FindProjectRoot with markers in priority
// order.
//
//staterootlint:authority project
func FindProjectRootByPriority(start string, markers ...string) (string, error) {
	return FindProjectRoot(start, markers...)
}

// RelativeSafe checks that name is one safe relative path component.
func RelativeSafe(name string) error {
	if name == "" || name == "." || name == ".." || strings.ContainsAny(name, "/\\\x00") {
		return errors.New("not one component: " + name)
	}
	return nil
}

// RunDirsName is the directory of run directories under a repo state root.
const RunDirsName = "run"

// RunDir returns <repoRoot>/run/<id>.
func RunDir(repoRoot, id string) (string, error) {
	if err := RelativeSafe(id); err != nil {
		return "", err
	}
	return Join(repoRoot, RunDirsName, id)
}

// CreateRunDir creates <repoRoot>/run/<id>, private and unique.
func CreateRunDir(repoRoot, id string) (string, error) {
	dir, err := RunDir(repoRoot, id)
	if err != nil {
		return "", err
	}
	if err := os.MkdirAll(filepath.Dir(dir), 0o700); err != nil {
		return "", err
	}
	return dir, os.Mkdir(dir, 0o700)
}

// DirConfig is what NewDirContext resolves a DirContext from.
type DirConfig struct {
	App, WorkDir, FromDir, HubRoot, GlobalRoot string
	Markers                                    []string
	ByPriority                                 bool
}

// DirContext is the directory context of one invocation.
type DirContext struct {
	invoked, target, project, repo, hub, global string
}

// NewDirContext resolves the directory context described by cfg.
func NewDirContext(cfg DirConfig) (*DirContext, error) {
	project, err := FindProjectRoot(cfg.FromDir, DefaultMarkers(cfg.App)...)
	if err != nil {
		return nil, err
	}
	repo, _ := RepoStateRoot(project, cfg.App)
	global, _ := GlobalStateRoot(cfg.App)
	return &DirContext{invoked: cfg.WorkDir, target: cfg.FromDir, project: project, repo: repo, global: global}, nil
}

// InvokedDir returns the directory the tool was invoked in.
func (c *DirContext) InvokedDir() string { return c.invoked }

// TargetDir returns the directory the tool acts on.
func (c *DirContext) TargetDir() string { return c.target }

// ProjectRoot returns the project root.
//
//staterootlint:authority project
func (c *DirContext) ProjectRoot() string { return c.project }

// RepoStateRoot returns the repo-local state root.
//
//staterootlint:authority repo
func (c *DirContext) RepoStateRoot() string { return c.repo }

// HubStateRoot returns the hub state root.
//
//staterootlint:authority hub
func (c *DirContext) HubStateRoot() (string, error) {
	if c.hub == "" {
		return "", errors.New("no hub")
	}
	return c.hub, nil
}

// GlobalStateRoot returns the global state root.
//
//staterootlint:authority global
func (c *DirContext) GlobalStateRoot() string { return c.global }

// CreateRunDir creates the directory of run id under the repo state root.
func (c *DirContext) CreateRunDir(id string) (string, error) { return CreateRunDir(c.repo, id) }

// UserPath resolves a user's path against the context, inside the project.
//
//staterootlint:authority user
func (c *DirContext) UserPath(p string) (string, error) {
	if !filepath.IsAbs(p) {
		p = filepath.Join(c.invoked, p)
	}
	if !Within(c.project, p) {
		return "", errors.New("leaves the project: " + p)
	}
	return p, nil
}
