package paths_test

import (
	"errors"
	"os"
	"path/filepath"
	"testing"

	"example.com/px/internal/paths"
	"github.com/staterootlint/staterootlint/stateroots"
)

// project returns a temp project with a .git marker and points every other
// root at temp dirs too, so nothing escapes the test.
func project(t *testing.T) string {
	t.Helper()
	dir, err := filepath.EvalSymlinks(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	if err := os.MkdirAll(filepath.Join(dir, "proj", ".git"), 0o755); err != nil {
		t.Fatal(err)
	}
	t.Setenv(paths.EnvGlobalRoot, filepath.Join(dir, "global"))
	t.Setenv("XDG_CACHE_HOME", filepath.Join(dir, "cache"))
	t.Setenv("HOME", filepath.Join(dir, "home"))
	return dir
}

func TestEnvGlobalRoot(t *testing.T) {
	if got := stateroots.GlobalEnvVar(paths.App); got != paths.EnvGlobalRoot {
		t.Errorf("GlobalEnvVar(%q) = %q, want %q", paths.App, got, paths.EnvGlobalRoot)
	}
}

func TestDiscover(t *testing.T) {
	dir := project(t)
	sub := filepath.Join(dir, "proj", "internal", "x")
	if err := os.MkdirAll(sub, 0o755); err != nil {
		t.Fatal(err)
	}
	l, err := paths.Discover(sub)
	if err != nil {
		t.Fatal(err)
	}
	want := paths.Layout{
		Project: filepath.Join(dir, "proj"),
		Repo:    filepath.Join(dir, "proj", ".px"),
		Global:  filepath.Join(dir, "global"),
		Cache:   filepath.Join(dir, "cache", "px"),
	}
	got := *l
	got.Dirs = nil
	if got != want {
		t.Errorf("Discover = %+v, want %+v", got, want)
	}
	if l.Dirs == nil || l.Dirs.TargetDir() != sub || l.Dirs.ProjectRoot() != l.Project {
		t.Errorf("Discover: directory context %v, want target %s and project %s", l.Dirs, sub, l.Project)
	}
	if got, want := l.VersionFile(), filepath.Join(l.Project, "px.lock"); got != want {
		t.Errorf("VersionFile = %s, want %s", got, want)
	}
	for name, p := range map[string]string{
		"LockFile": l.LockFile(), "LogsDir": l.LogsDir(), "RunsDB": l.RunsDB(), "RunsDir": l.RunsDir(),
	} {
		if !stateroots.Within(l.Repo, p) {
			t.Errorf("%s = %s, outside %s", name, p, l.Repo)
		}
	}
	if _, err := l.RepoJoin("runs", "../../x"); err == nil {
		t.Errorf("RepoJoin accepted a path leaving the repo root")
	}
}

func TestDiscoverErrors(t *testing.T) {
	dir := project(t)
	_, err := paths.Discover(filepath.Join(dir, "missing"))
	var ce *stateroots.ConfigError
	if !errors.As(err, &ce) || ce.ExitCode() != stateroots.ExitConfig {
		t.Errorf("Discover(missing dir) = %v, want a ConfigError with exit 78", err)
	}

	t.Setenv(paths.EnvGlobalRoot, "relative")
	_, err = paths.Discover(filepath.Join(dir, "proj"))
	if !errors.As(err, &ce) || ce.Setting != paths.EnvGlobalRoot {
		t.Errorf("Discover with a relative %s = %v, want a ConfigError naming it", paths.EnvGlobalRoot, err)
	}
}
