// Package tilde: a path that starts with "~" expanded onto the home
// directory is that path spelled out: the user's where the user typed it,
// the program's own where the program wrote it (reported as the path
// below the home directory it names, also through a helper's call).
package tilde

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
)

var store = flag.String("store", "~/.password-store", "where the secrets are")

// expand replaces a leading "~/" with the home directory.
func expand(p string) string {
	if len(p) > 1 && p[:2] == "~/" {
		home, _ := os.UserHomeDir()
		return filepath.Clean(home + p[1:])
	}
	return p
}

// userHome is the home directory, or MYAPP_ROOT where it is set (an
// override the configuration names in root-env).
func userHome() string {
	if hd := os.Getenv("MYAPP_ROOT"); hd != "" {
		return hd
	}
	home, _ := os.UserHomeDir()
	return home
}

// expandPrefix does the same with strings.HasPrefix, a join and a home
// directory with an override.
func expandPrefix(p string) string {
	if strings.HasPrefix(p, "~") {
		return filepath.Join(userHome(), p[1:])
	}
	return p
}

// expandUnless returns early when p does not start with "~": the
// negated test decides the branch the expansion is on.
func expandUnless(p string) string {
	if !strings.HasPrefix(p, "~/") {
		return p
	}
	home, _ := os.UserHomeDir()
	return filepath.Join(home, p[2:])
}

// expandSep spells the prefix with fmt.Sprintf and the platform's
// separator, and returns the home directory itself for a bare "~".
func expandSep(p string) (string, error) {
	if p == "~" {
		return os.UserHomeDir()
	}
	p = filepath.FromSlash(p)
	if !strings.HasPrefix(p, fmt.Sprintf("~%c", filepath.Separator)) {
		return p, nil
	}
	home, err := os.UserHomeDir()
	if err != nil {
		return "", err
	}
	return filepath.Join(home, p[2:]), nil
}

// expandEither takes "~" and "~/..." alike: each side of the || says p
// starts with "~".
func expandEither(p string) string {
	if p == "~" || strings.HasPrefix(p, "~/") {
		home, _ := os.UserHomeDir()
		return filepath.Join(home, p[1:])
	}
	return p
}

// expandOrHome also takes a name that is no tilde at all: the home
// directory it joins is not the user's "~" there.
func expandOrHome(p string) string {
	if strings.HasPrefix(p, "~") || p == "@" {
		home, _ := os.UserHomeDir()
		return filepath.Join(home, p[1:])
	}
	return p
}

func main() {
	replaced()
	_ = os.WriteFile(filepath.Join(expandEither(*store), "id"), nil, 0o600) // ok: the same
	_ = os.WriteFile(filepath.Join(expandOrHome(*store), "id"), nil, 0o600) // want `home directory`
	_ = os.WriteFile(filepath.Join(expand(*store), "id"), nil, 0o600)       // ok: the user's --store, "~" spelled out
	_ = os.WriteFile(filepath.Join(expandPrefix(*store), "id"), nil, 0o600) // ok: the same
	_ = os.WriteFile(filepath.Join(expandUnless(*store), "id"), nil, 0o600) // ok: the same
	// expand's unchanged branch is reached where len(p) <= 1 too: no
	// one test says p does not start with "~/" there, so the literal
	// stays one of its results.
	_ = os.WriteFile(filepath.Join(expand("~/.myapp"), "state"), nil, 0o600) // want `a path under the home directory from os.UserHomeDir` `"~/.myapp/state" relative to the working directory`
	if p, err := expandSep(*store); err == nil {
		_ = os.WriteFile(filepath.Join(p, "id"), nil, 0o600) // ok: the same, both branches
	}
	// The program's own "~", expanded by its helper: the home directory,
	// never "~" relative to the working directory (the branch returning
	// its argument runs only where it does not start with "~/").
	if home, err := expandSep("~"); err == nil {
		_ = os.WriteFile(filepath.Join(home, ".myapp"), nil, 0o600) // want `a path under the home directory from os.UserHomeDir`
	}
}

// replaceUser replaces "~" with the home directory, as some XDG
// libraries do; it leaves the path as it is where there is no home.
func replaceUser(p string) string {
	home, err := os.UserHomeDir()
	if err != nil {
		return p
	}
	return strings.Replace(p, "~", home, -1)
}

func replaced() {
	_ = os.WriteFile(filepath.Join(replaceUser(*store), "id"), nil, 0o600) // ok: the user's --store, "~" spelled out
	// The program's own "~/.local/share", replaced: the home-based path
	// (and, where there is no home, the literal as it is).
	_ = os.WriteFile(filepath.Join(replaceUser("~/.local/share/myapp"), "state"), nil, 0o600) // want `a path under the home directory from os.UserHomeDir` `"~/.local/share/myapp/state" relative to the working directory`
}
