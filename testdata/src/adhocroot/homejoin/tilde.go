package homejoin

import (
	"os"
	"path/filepath"
	"strings"
)

// Expanding a "~/" the user (or the user's config file) wrote is resolving
// the user's path, not building a state root: the idiom of cause
// adhocroot-tilde in bench/corpus/CAUSES.md (direnv, delve).

func expandTilde(p string) string {
	if strings.HasPrefix(p, "~/") {
		if home, err := os.UserHomeDir(); err == nil {
			return filepath.Join(home, p[2:]) // ok: the rest of the user's "~/..."
		}
	}
	return p
}

func expandTildeTrim(p string) string {
	if p == "~" || !strings.HasPrefix(p, "~") {
		return p
	}
	home, _ := os.UserHomeDir()
	return filepath.Join(home, strings.TrimPrefix(p, "~")) // ok: the function left unless p starts with "~"
}

func expandTildeGuarded(goos, p string) string {
	if goos != "windows" && strings.HasPrefix(p, "~") {
		home, _ := os.UserHomeDir()
		if strings.HasPrefix(p, "~/") {
			p = filepath.Join(home, strings.TrimPrefix(p, "~/")) // ok: the rest of the user's "~/..."
		}
	}
	return p
}

// notTilde slices a value no "~" test guards: a state path.
func notTilde(p string) string {
	home, _ := os.UserHomeDir()
	return filepath.Join(home, p[2:]) // want `filepath\.Join builds a state path on os\.UserHomeDir`
}

// tildeElse joins on the branch where the value does not start with "~".
func tildeElse(p string) string {
	home, _ := os.UserHomeDir()
	if strings.HasPrefix(p, "~/") {
		return p
	} else {
		return filepath.Join(home, p[2:]) // want `filepath\.Join builds a state path on os\.UserHomeDir`
	}
}

// tildeConstant expands a "~/" the program spelled itself: its own path.
func tildeConstant() string {
	const p = "~/.config/myapp"
	if strings.HasPrefix(p, "~/") {
		home, _ := os.UserHomeDir()
		return filepath.Join(home, p[2:]) // want `filepath\.Join builds a state path on os\.UserHomeDir`
	}
	return p
}

// writeAll writes the paths the functions above build.
func writeAll(data []byte) {
	os.WriteFile(notTilde("~/a"), data, 0o600)
	os.WriteFile(tildeElse("b"), data, 0o600)
	os.WriteFile(tildeConstant(), data, 0o600)
	os.WriteFile(otherSlice("~/c", "d"), data, 0o600)
	os.WriteFile(expandTilde("~/e"), data, 0o600)
}

// otherSlice tests one value and joins another.
func otherSlice(p, q string) string {
	home, _ := os.UserHomeDir()
	if strings.HasPrefix(p, "~/") {
		return filepath.Join(home, q[2:]) // want `filepath\.Join builds a state path on os\.UserHomeDir`
	}
	return p
}
