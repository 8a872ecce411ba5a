// Package homejoin builds paths on home-like directories; the test
// configures -state-dir=.myapp.
package homejoin

import (
	"fmt"
	"os"
	"os/user"
	"path"
	"path/filepath"
	"syscall"
)

func userHomeDir() string {
	home, err := os.UserHomeDir()
	if err != nil {
		return ""
	}
	return filepath.Join(home, ".myapp", "state.json") // want `^filepath\.Join builds a state path on os\.UserHomeDir outside the authority package; derive it from a state-root authority such as stateroots\.GlobalStateRoot$`
}

func userConfigDir() string {
	dir, _ := os.UserConfigDir()
	return filepath.Join(dir, "myapp") // want `filepath\.Join builds a state path on os\.UserConfigDir outside`
}

func userHomeField() string {
	u, err := user.Current()
	if err != nil {
		return ""
	}
	return filepath.Join(u.HomeDir, "myapp") // want `filepath\.Join builds a state path on user\.User\.HomeDir \(which even ignores \$HOME\) outside the authority package`
}

type account struct{ *user.User }

func promotedHomeField(a account) string {
	home := a.HomeDir
	return path.Join(home, "myapp") // want `path\.Join builds a state path on user\.User\.HomeDir \(which even ignores \$HOME\) outside`
}

func envHome() string {
	return filepath.Join(os.Getenv("HOME"), "myapp") // want `filepath\.Join builds a state path on \$HOME outside`
}

func lookupHome() string {
	home, ok := os.LookupEnv("HOME")
	if !ok {
		return ""
	}
	cleaned := filepath.Clean(home)
	again := cleaned
	return filepath.Join(again, "myapp") // want `filepath\.Join builds a state path on \$HOME outside`
}

func xdg() (string, string) {
	cfg, _ := syscall.Getenv("XDG_CONFIG_HOME")
	return filepath.Join(cfg, "myapp"), // want `filepath\.Join builds a state path on \$XDG_CONFIG_HOME outside .* such as stateroots\.GlobalStateRoot`
		filepath.Join(os.Getenv("XDG_CACHE_HOME"), "myapp") // want `filepath\.Join builds a state path on \$XDG_CACHE_HOME outside .* such as stateroots\.CacheRoot`
}

func windows() string {
	return filepath.Join(os.Getenv("LOCALAPPDATA"), "myapp") // want `filepath\.Join builds a state path on \$LOCALAPPDATA outside`
}

func concatenation() (string, string) {
	home, _ := os.UserHomeDir()
	sep := "/"
	return home + "/.myapp", // want `string concatenation builds a state path on os\.UserHomeDir outside`
		(home + sep) + "myapp" + sep + "x" // want `string concatenation builds a state path on os\.UserHomeDir outside`
}

func sprintf() string {
	home, _ := os.UserHomeDir()
	return fmt.Sprintf("%s/.myapp/%s", home, "db") // want `fmt\.Sprintf builds a state path on os\.UserHomeDir outside`
}

func expand() (string, string) {
	return os.ExpandEnv("$HOME/.myapp"), // want `os\.ExpandEnv builds a state path on \$HOME outside`
		os.Expand("${XDG_DATA_HOME}/myapp", os.Getenv) // want `os\.Expand builds a state path on \$XDG_DATA_HOME outside`
}

var packageHome, _ = os.UserHomeDir()

func packageLevel() string {
	return filepath.Join(packageHome, "myapp") // want `filepath\.Join builds a state path on os\.UserHomeDir outside`
}

// homeDir returns the home directory, or "" beside an error.
func homeDir() (string, error) {
	home, err := os.UserHomeDir()
	if err != nil {
		return "", err
	}
	return home, nil
}

// configHome prefers $XDG_CONFIG_HOME, else ~/.config.
func configHome() string {
	if dir := os.Getenv("XDG_CONFIG_HOME"); dir != "" {
		return dir
	}
	return filepath.Join(os.Getenv("HOME"), ".config") // ok: a base programs share, not written here
}

// appHome calls a helper: still the home directory.
func appHome() string {
	h, _ := homeDir()
	return h
}

func helpers() []string {
	h, _ := homeDir()
	return []string{
		filepath.Join(h, "myapp"),            // want `filepath\.Join builds a state path on os\.UserHomeDir through homeDir outside`
		filepath.Join(appHome(), "myapp"),    // want `filepath\.Join builds a state path on os\.UserHomeDir through homeDir outside`
		filepath.Join(configHome(), "myapp"), // want `filepath\.Join builds a state path on \$XDG_CONFIG_HOME through configHome outside`
		filepath.Join(configHome(), "x"),     // ok: another program's directory, not written here
		filepath.Join(mixed(), "myapp"),      // want `filepath\.Join builds a state path on os\.UserHomeDir through mixed outside`
	}
}

// mixed returns the home directory or a fixed path.
func mixed() string {
	if home, err := os.UserHomeDir(); err == nil {
		return home
	}
	return "/var/lib/myapp"
}

// UserHomeDir is a look-alike by spelling: not os.UserHomeDir.
func UserHomeDir() (string, error) { return "/srv", nil }

type profile struct{ HomeDir string }

func lookalikes(base string, parts []string, p profile) {
	home, _ := os.UserHomeDir()
	mine, _ := UserHomeDir()
	cache, _ := os.UserCacheDir()
	wd, _ := os.Getwd()

	_ = filepath.Join(home)                         // ok: joins nothing onto it
	_ = filepath.Join(base, home)                   // ok: not built on it
	_ = filepath.Join(parts...)                     // ok: not known
	_ = filepath.Join(mine, "myapp")                // ok: not os.UserHomeDir
	_ = filepath.Join(p.HomeDir, "myapp")           // ok: not os/user's HomeDir
	_ = filepath.Join(cache, "myapp")               // ok: the cache dir is not watched
	_ = filepath.Join(wd, "myapp")                  // ok: cwd-relative, cwdwrite's business
	_ = filepath.Join(os.Getenv("HOMEBREW"), "x")   // ok: not a home variable
	_ = filepath.Join(os.Getenv("MYXDG_HOME"), "x") // ok: not an XDG_ variable
	_ = fmt.Sprintf("home is %s", home)             // ok: the format does not start with it
	_ = fmt.Sprintf("%d/%s", 1, home)               // ok: built on a number
	_ = "prefix/" + home                            // ok: not built on it
	_ = os.ExpandEnv("$HOMEDIR/myapp")              // ok: $HOMEDIR is not $HOME
	_ = os.ExpandEnv("/srv/$HOME")                  // ok: does not start with it
	fmt.Println(home)                               // ok: used, not built on
}

// writesOnHome builds a state path on the home directory and writes it on
// the same line: one write, one finding, shadowwrite's.
func writesOnHome(data []byte) {
	home, _ := os.UserHomeDir()
	os.WriteFile(filepath.Join(home, ".myapp", "state.json"), data, 0o600) // ok: shadowwrite reports the write
	os.WriteFile(home+"/.myapp/log", data, 0o600)                          // ok: shadowwrite reports the write
	p := filepath.Join(home, ".myapp", "cache")                            // want `filepath\.Join builds a state path on os\.UserHomeDir outside`
	os.WriteFile(p, data, 0o600)
}
