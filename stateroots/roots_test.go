package stateroots_test

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/staterootlint/staterootlint/stateroots"
)

func TestGlobalEnvVar(t *testing.T) {
	tests := []struct{ app, want string }{
		{"myapp", "MYAPP_GLOBAL_STATE_ROOT"},
		{"px", "PX_GLOBAL_STATE_ROOT"},
		{"my-app", "MY_APP_GLOBAL_STATE_ROOT"},
		{"My.App2", "MY_APP2_GLOBAL_STATE_ROOT"},
		{"café", "CAF__GLOBAL_STATE_ROOT"},
	}
	for _, tt := range tests {
		if got := stateroots.GlobalEnvVar(tt.app); got != tt.want {
			t.Errorf("GlobalEnvVar(%q) = %q, want %q", tt.app, got, tt.want)
		}
	}
}

// unsetenv unsets key for the duration of the test.
func unsetenv(t *testing.T, key string) {
	t.Setenv(key, "") // registers the restore
	os.Unsetenv(key)
}

func TestGlobalStateRootPrecedence(t *testing.T) {
	const env = "MYAPP_GLOBAL_STATE_ROOT"
	home := tempDir(t)
	unset := "\x00unset"
	tests := []struct {
		name    string
		env     string // unset: not set
		opts    []stateroots.Option
		home    string // unset: HOME not set
		want    string
		wantErr string // substring; want is ignored when set
	}{
		{"1 env wins over option", "/env/root", []stateroots.Option{stateroots.WithGlobalRoot("/opt/root")}, home, "/env/root", ""},
		{"1 env is cleaned", "/env/root/../r2/", nil, home, "/env/r2", ""},
		{"1 env alone", "/env/root", nil, unset, "/env/root", ""},
		{"2 option without env", unset, []stateroots.Option{stateroots.WithGlobalRoot("/opt/root")}, home, "/opt/root", ""},
		{"2 last option wins", unset, []stateroots.Option{stateroots.WithGlobalRoot("/a"), stateroots.WithGlobalRoot("/b")}, home, "/b", ""},
		{"3 home default", unset, nil, home, filepath.Join(home, ".myapp"), ""},
		{"empty env is an error", "", nil, home, "", `MYAPP_GLOBAL_STATE_ROOT "": is set but empty; set it to an absolute directory, or unset it to use ~/.myapp`},
		{"empty env is an error even with option", "", []stateroots.Option{stateroots.WithGlobalRoot("/opt/root")}, home, "", `MYAPP_GLOBAL_STATE_ROOT "": is set but empty`},
		{"relative env is an error", "rel/dir", nil, home, "", `MYAPP_GLOBAL_STATE_ROOT "rel/dir": is not an absolute path; set it to an absolute directory`},
		{"empty option is an error", unset, []stateroots.Option{stateroots.WithGlobalRoot("")}, home, "", `WithGlobalRoot "": is empty; pass an absolute directory`},
		{"relative option is an error", unset, []stateroots.Option{stateroots.WithGlobalRoot("./x")}, home, "", `WithGlobalRoot "./x": is not an absolute path`},
		{"no home is an error", unset, nil, unset, "", "set HOME, or set MYAPP_GLOBAL_STATE_ROOT"},
		{"relative home is an error", unset, nil, "rel", "", `home directory "rel": is not an absolute path`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if tt.env == unset {
				unsetenv(t, env)
			} else {
				t.Setenv(env, tt.env)
			}
			if tt.home == unset {
				unsetenv(t, "HOME")
			} else {
				t.Setenv("HOME", tt.home)
			}
			got, err := stateroots.GlobalStateRoot("myapp", tt.opts...)
			if tt.wantErr != "" {
				var ce *stateroots.ConfigError
				if !errors.As(err, &ce) {
					t.Fatalf("GlobalStateRoot = %q, %v; want a *ConfigError", got, err)
				}
				if !strings.Contains(err.Error(), tt.wantErr) {
					t.Errorf("Error() = %q, want it to contain %q", err, tt.wantErr)
				}
				if ce.ExitCode() != stateroots.ExitConfig {
					t.Errorf("ExitCode() = %d, want %d", ce.ExitCode(), stateroots.ExitConfig)
				}
				if got != "" {
					t.Errorf("root = %q beside an error, want empty", got)
				}
				return
			}
			if err != nil {
				t.Fatalf("GlobalStateRoot: %v", err)
			}
			if got != tt.want {
				t.Errorf("GlobalStateRoot = %q, want %q", got, tt.want)
			}
		})
	}
}

func TestStateDirRoots(t *testing.T) {
	tests := []struct {
		name    string
		fn      func(string, string) (string, error)
		base    string
		app     string
		want    string
		wantErr string
	}{
		{"repo", stateroots.RepoStateRoot, "/src/proj", "myapp", "/src/proj/.myapp", ""},
		{"repo cleans", stateroots.RepoStateRoot, "/src/proj/", "myapp", "/src/proj/.myapp", ""},
		{"hub", stateroots.HubStateRoot, "/hub", "myapp", "/hub/.myapp", ""},
		{"repo relative root", stateroots.RepoStateRoot, "proj", "myapp", "", `project root "proj": is not an absolute path`},
		{"repo empty root", stateroots.RepoStateRoot, "", "myapp", "", `project root "": is empty`},
		{"hub relative root", stateroots.HubStateRoot, ".", "myapp", "", `hub root ".": is not an absolute path`},
		{"empty app", stateroots.RepoStateRoot, "/p", "", "", `app name "": is empty`},
		{"dot app", stateroots.RepoStateRoot, "/p", ".", "", "relative directory reference"},
		{"dotdot app", stateroots.HubStateRoot, "/p", "..", "", "relative directory reference"},
		{"slash app", stateroots.RepoStateRoot, "/p", "a/b", "", `app name "a/b": contains a path separator`},
		{"backslash app", stateroots.RepoStateRoot, "/p", `a\b`, "", "contains a path separator"},
		{"NUL app", stateroots.RepoStateRoot, "/p", "a\x00", "", "NUL"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := tt.fn(tt.base, tt.app)
			if tt.wantErr != "" {
				var ce *stateroots.ConfigError
				if !errors.As(err, &ce) || !strings.Contains(err.Error(), tt.wantErr) {
					t.Fatalf("got %q, %v; want a *ConfigError containing %q", got, err, tt.wantErr)
				}
				return
			}
			if err != nil || got != tt.want {
				t.Errorf("got %q, %v; want %q", got, err, tt.want)
			}
		})
	}
}

func TestAppValidatedEverywhere(t *testing.T) {
	fns := map[string]func(string) (string, error){
		"GlobalStateRoot": func(app string) (string, error) { return stateroots.GlobalStateRoot(app) },
		"CacheRoot":       stateroots.CacheRoot,
		"TempRoot":        stateroots.TempRoot,
	}
	for name, fn := range fns {
		for _, app := range []string{"", ".", "..", "a/b"} {
			if _, err := fn(app); err == nil {
				t.Errorf("%s(%q) succeeded, want an error", name, app)
			}
		}
	}
}

func TestCacheRoot(t *testing.T) {
	cache := tempDir(t)
	t.Setenv("XDG_CACHE_HOME", cache)
	got, err := stateroots.CacheRoot("myapp")
	if err != nil {
		t.Fatal(err)
	}
	if want := filepath.Join(cache, "myapp"); got != want {
		t.Errorf("CacheRoot = %q, want %q", got, want)
	}

	t.Setenv("XDG_CACHE_HOME", "relative")
	if _, err := stateroots.CacheRoot("myapp"); err == nil {
		t.Errorf("CacheRoot with a relative XDG_CACHE_HOME succeeded, want an error")
	}
}

func TestTempRoot(t *testing.T) {
	tmp := tempDir(t)
	t.Setenv("TMPDIR", tmp)
	got, err := stateroots.TempRoot("myapp")
	if err != nil {
		t.Fatal(err)
	}
	if want := filepath.Join(tmp, "myapp"); got != want {
		t.Errorf("TempRoot = %q, want %q", got, want)
	}
	if _, err := os.Stat(got); err == nil {
		t.Errorf("TempRoot created %s, want it left alone", got)
	}

	t.Setenv("TMPDIR", "relative/tmp")
	_, err = stateroots.TempRoot("myapp")
	if err == nil || !strings.Contains(err.Error(), `temporary directory "relative/tmp": is not an absolute path`) {
		t.Errorf("TempRoot with a relative TMPDIR: %v, want a ConfigError", err)
	}
}
