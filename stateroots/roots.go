package stateroots

import (
	"os"
	"path/filepath"
	"strings"
)

// GlobalEnvSuffix ends the name of every application's global-root override
// variable; see [GlobalEnvVar].
const GlobalEnvSuffix = "_GLOBAL_STATE_ROOT"

// GlobalEnvVar returns the environment variable that overrides app's global
// state root: app upper-cased, with every character other than an ASCII
// letter or digit replaced by "_", followed by [GlobalEnvSuffix]. For
// "my-app" it is "MY_APP_GLOBAL_STATE_ROOT".
func GlobalEnvVar(app string) string {
	var b strings.Builder
	for _, r := range app {
		switch {
		case 'a' <= r && r <= 'z':
			b.WriteRune(r - 'a' + 'A')
		case 'A' <= r && r <= 'Z', '0' <= r && r <= '9':
			b.WriteRune(r)
		default:
			b.WriteByte('_')
		}
	}
	b.WriteString(GlobalEnvSuffix)
	return b.String()
}

// Option configures [GlobalStateRoot].
type Option func(*options)

type options struct {
	globalRoot    string
	globalRootSet bool
}

// WithGlobalRoot sets the global state root explicitly, typically from a
// config file or flag. dir is used as the root itself (no ".<app>" is
// appended) and must be absolute. The environment override still wins; see
// [GlobalStateRoot].
func WithGlobalRoot(dir string) Option {
	return func(o *options) {
		o.globalRoot = dir
		o.globalRootSet = true
	}
}

// RepoStateRoot returns the repo-local state root of app in the project at
// projectRoot: <projectRoot>/.<app>. projectRoot must be absolute, typically
// the result of [FindProjectRoot]. The directory is not created.
//
//staterootlint:authority repo
func RepoStateRoot(projectRoot, app string) (string, error) {
	return stateDirUnder("project root", projectRoot, app)
}

// HubStateRoot returns the state root of app in the multi-repository hub at
// hubRoot: <hubRoot>/.<app>. hubRoot must be absolute. The directory is not
// created.
//
//staterootlint:authority hub
func HubStateRoot(hubRoot, app string) (string, error) {
	return stateDirUnder("hub root", hubRoot, app)
}

func stateDirUnder(setting, base, app string) (string, error) {
	if err := checkApp(app); err != nil {
		return "", err
	}
	if err := checkAbs(setting, base, "pass an absolute directory, for example from stateroots.FindProjectRoot"); err != nil {
		return "", err
	}
	return filepath.Join(base, "."+app), nil
}

// GlobalStateRoot returns the global (cross-repository) state root of app.
// The first of these that is set wins:
//
//  1. the environment variable [GlobalEnvVar](app), such as
//     MYAPP_GLOBAL_STATE_ROOT, read at call time;
//  2. the directory given with [WithGlobalRoot];
//  3. ~/.<app>, from [os.UserHomeDir].
//
// An override (1 or 2) is the root itself and must be a non-empty absolute
// path; a variable that is set but empty, or a relative path, is a
// [*ConfigError] naming the variable or option, never silently replaced by
// the default. The directory is not created.
//
//staterootlint:authority global
func GlobalStateRoot(app string, opts ...Option) (string, error) {
	if err := checkApp(app); err != nil {
		return "", err
	}
	var o options
	for _, opt := range opts {
		opt(&o)
	}
	env := GlobalEnvVar(app)
	fix := "set it to an absolute directory, or unset it to use ~/." + app
	if v, ok := os.LookupEnv(env); ok {
		if v == "" {
			return "", &ConfigError{Setting: env, Value: v, Problem: "is set but empty", Fix: fix}
		}
		if err := checkAbs(env, v, fix); err != nil {
			return "", err
		}
		return filepath.Clean(v), nil
	}
	if o.globalRootSet {
		if err := checkAbs("WithGlobalRoot", o.globalRoot, "pass an absolute directory, or leave the option out to use ~/."+app); err != nil {
			return "", err
		}
		return filepath.Clean(o.globalRoot), nil
	}
	home, err := os.UserHomeDir()
	if err != nil {
		return "", &ConfigError{Setting: "home directory", Value: "", Problem: err.Error(),
			Fix: "set HOME, or set " + env + " to an absolute directory", Err: err}
	}
	if err := checkAbs("home directory", home, "set HOME to an absolute directory, or set "+env); err != nil {
		return "", err
	}
	return filepath.Join(home, "."+app), nil
}

// CacheRoot returns the cache root of app: <[os.UserCacheDir]>/<app>, such as
// ~/.cache/myapp ($XDG_CACHE_HOME/myapp) on Linux. Keep only rebuildable
// data there: anything under it may be deleted at any time. The directory
// is not created.
//
//staterootlint:authority cache
func CacheRoot(app string) (string, error) {
	if err := checkApp(app); err != nil {
		return "", err
	}
	dir, err := os.UserCacheDir()
	if err != nil {
		return "", &ConfigError{Setting: "user cache directory", Value: "", Problem: err.Error(),
			Fix: "set XDG_CACHE_HOME or HOME to an absolute directory", Err: err}
	}
	return filepath.Join(dir, app), nil
}

// TempRoot returns a temporary root for app: filepath.Join([os.TempDir](), app),
// such as /tmp/myapp. The name is predictable and the directory is shared
// by every process of app (and visible to other users), and it is not
// created; for private scratch space create a fresh directory under it, or
// directly, with [os.MkdirTemp]. Nothing under it is durable.
//
//staterootlint:authority temp
func TempRoot(app string) (string, error) {
	if err := checkApp(app); err != nil {
		return "", err
	}
	tmp := os.TempDir()
	if err := checkAbs("temporary directory", tmp, "set TMPDIR to an absolute directory"); err != nil {
		return "", err
	}
	return filepath.Join(tmp, app), nil
}

// checkAbs reports a *ConfigError unless v is a non-empty absolute path.
func checkAbs(setting, v, fix string) error {
	switch {
	case v == "":
		return &ConfigError{Setting: setting, Value: v, Problem: "is empty", Fix: fix}
	case containsNUL(v):
		return &ConfigError{Setting: setting, Value: v, Problem: "contains a NUL byte", Fix: fix}
	case !filepath.IsAbs(v):
		return &ConfigError{Setting: setting, Value: v, Problem: "is not an absolute path", Fix: fix}
	}
	return nil
}
