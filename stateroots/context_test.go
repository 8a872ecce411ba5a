package stateroots_test

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/staterootlint/staterootlint/stateroots"
)

func TestNewDirContext(t *testing.T) {
	dir := tempDir(t)
	build(t, dir, "repo/.git/", "repo/mod/go.mod", "repo/mod/pkg/", "hub/", "elsewhere/")
	t.Setenv(stateroots.GlobalEnvVar("myapp"), filepath.Join(dir, "global"))
	c, err := stateroots.NewDirContext(stateroots.DirConfig{
		App:     "myapp",
		WorkDir: filepath.Join(dir, "elsewhere"),
		FromDir: "../repo/mod/pkg",
		HubRoot: "../hub",
	})
	if err != nil {
		t.Fatal(err)
	}
	hub, err := c.HubStateRoot()
	if err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct{ what, got, want string }{
		{"App", c.App(), "myapp"},
		{"InvokedDir", c.InvokedDir(), filepath.Join(dir, "elsewhere")},
		{"TargetDir", c.TargetDir(), filepath.Join(dir, "repo", "mod", "pkg")},
		{"ProjectRoot", c.ProjectRoot(), filepath.Join(dir, "repo", "mod")},
		{"RepoStateRoot", c.RepoStateRoot(), filepath.Join(dir, "repo", "mod", ".myapp")},
		{"HubStateRoot", hub, filepath.Join(dir, "hub", ".myapp")},
		{"GlobalStateRoot", c.GlobalStateRoot(), filepath.Join(dir, "global")},
	} {
		if tt.got != tt.want {
			t.Errorf("%s = %s, want %s", tt.what, tt.got, tt.want)
		}
	}

	// The context is resolved once: later changes to the environment do
	// not move it.
	t.Setenv(stateroots.GlobalEnvVar("myapp"), filepath.Join(dir, "other"))
	if got := c.GlobalStateRoot(); got != filepath.Join(dir, "global") {
		t.Errorf("GlobalStateRoot after the environment changed = %s", got)
	}

	byPriority, err := stateroots.NewDirContext(stateroots.DirConfig{
		App: "myapp", WorkDir: filepath.Join(dir, "repo", "mod", "pkg"), ByPriority: true,
	})
	if err != nil {
		t.Fatal(err)
	}
	if got, want := byPriority.ProjectRoot(), filepath.Join(dir, "repo"); got != want {
		t.Errorf("ByPriority: ProjectRoot = %s, want %s (the .git root)", got, want)
	}
	if _, err := byPriority.HubStateRoot(); err == nil || !strings.Contains(err.Error(), "DirConfig.HubRoot") {
		t.Errorf("HubStateRoot without a hub = %v, want an error naming DirConfig.HubRoot", err)
	}
}

func TestNewDirContextWorkingDirectory(t *testing.T) {
	dir := tempDir(t)
	build(t, dir, "p/.git/", "p/a/")
	t.Setenv(stateroots.GlobalEnvVar("myapp"), filepath.Join(dir, "global"))
	t.Chdir(filepath.Join(dir, "p", "a"))
	c, err := stateroots.NewDirContext(stateroots.DirConfig{App: "myapp"})
	if err != nil {
		t.Fatal(err)
	}
	if c.InvokedDir() != filepath.Join(dir, "p", "a") || c.TargetDir() != c.InvokedDir() || c.ProjectRoot() != filepath.Join(dir, "p") {
		t.Errorf("context = %v", c)
	}
}

func TestNewDirContextErrors(t *testing.T) {
	dir := tempDir(t)
	build(t, dir, "p/.git/")
	tests := []struct {
		name string
		env  string
		cfg  stateroots.DirConfig
		want string
	}{
		{"bad app", "", stateroots.DirConfig{App: "a/b", WorkDir: dir}, `app name "a/b": contains a path separator`},
		{"relative work dir", "", stateroots.DirConfig{App: "myapp", WorkDir: "rel"}, `working directory "rel": is not an absolute path`},
		{"missing from-dir", "", stateroots.DirConfig{App: "myapp", WorkDir: dir, FromDir: "nope"}, "does not exist; start the search from an existing directory inside the project"},
		{"no project", "", stateroots.DirConfig{App: "myapp", WorkDir: dir, Markers: []string{".nope-" + filepath.Base(dir)}}, "no project root"},
		{"relative global override", "rel", stateroots.DirConfig{App: "myapp", WorkDir: filepath.Join(dir, "p")}, `MYAPP_GLOBAL_STATE_ROOT "rel": is not an absolute path`},
		{"relative global option", "", stateroots.DirConfig{App: "myapp", WorkDir: filepath.Join(dir, "p"), GlobalRoot: "rel"}, `WithGlobalRoot "rel"`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if tt.env != "" {
				t.Setenv(stateroots.GlobalEnvVar("myapp"), tt.env)
			} else {
				os.Unsetenv(stateroots.GlobalEnvVar("myapp"))
			}
			_, err := stateroots.NewDirContext(tt.cfg)
			var coded interface{ ExitCode() int }
			if !errors.As(err, &coded) || coded.ExitCode() != stateroots.ExitConfig {
				t.Fatalf("err = %v, want a configuration error (exit 78)", err)
			}
			if !strings.Contains(err.Error(), tt.want) {
				t.Errorf("err = %q, want %q", err, tt.want)
			}
		})
	}
}

func TestUserPath(t *testing.T) {
	dir := tempDir(t)
	build(t, dir, "p/.git/", "p/sub/", "p/out -> ../outside", "outside/", "p/in -> sub")
	t.Setenv(stateroots.GlobalEnvVar("myapp"), filepath.Join(dir, "global"))
	c, err := stateroots.NewDirContext(stateroots.DirConfig{App: "myapp", WorkDir: filepath.Join(dir, "p", "sub"), FromDir: ".."})
	if err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct{ in, want string }{
		{"report.md", "p/sub/report.md"},      // relative to the invoked dir, not the target
		{"../report.md", "p/report.md"},       // up, but still inside
		{"./x/../y.md", "p/sub/y.md"},         // cleaned
		{filepath.Join(dir, "p", "z"), "p/z"}, // absolute inside
		{"../in/new/file", "p/in/new/file"},   // a symlink that stays inside
		{"../does/not/exist/yet.txt", "p/does/not/exist/yet.txt"},
	} {
		got, err := c.UserPath(tt.in)
		if want := filepath.Join(dir, tt.want); err != nil || got != want {
			t.Errorf("UserPath(%q) = %q, %v; want %q", tt.in, got, err, want)
		}
	}
	for _, tt := range []struct{ in, reason string }{
		{"../../outside/x", "leaves the project"},
		{"/etc/passwd", "leaves the project"},
		{"../out/x", "leads out of the project through a symlink"},
		{"", "is empty"},
		{"a\x00b", "contains a NUL byte"},
	} {
		_, err := c.UserPath(tt.in)
		var ue *stateroots.UserPathError
		if !errors.As(err, &ue) || ue.Reason != tt.reason || ue.Project != filepath.Join(dir, "p") {
			t.Errorf("UserPath(%q) = %v, want a *UserPathError saying %q", tt.in, err, tt.reason)
			continue
		}
		if !strings.Contains(err.Error(), "; name a path inside the project "+filepath.Join(dir, "p")) {
			t.Errorf("UserPath(%q) error %q does not say how to fix it", tt.in, err)
		}
	}
}
