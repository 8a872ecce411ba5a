// Package version describes the running binary from the build information
// the go command records in it (runtime/debug.ReadBuildInfo), so a
// binary needs no -ldflags to say what it was built from.
package version

import (
	"fmt"
	"runtime"
	"runtime/debug"
)

// Devel is the version of a binary whose build records neither a module
// version nor a VCS revision (go run, or a build with -buildvcs=false).
const Devel = "(devel)"

// String describes the running binary as "NAME VERSION GOVERSION OS/ARCH",
// VERSION being Of the binary's build information.
func String(name string) string {
	return fmt.Sprintf("%s %s %s %s/%s", name, Main(), runtime.Version(), runtime.GOOS, runtime.GOARCH)
}

// Main returns the running binary's version: Of its build information.
func Main() string {
	bi, _ := debug.ReadBuildInfo()
	return Of(bi)
}

// Of returns the version a build records, in this order:
//  1. the main module's version: the tag go install PATH@VERSION fetched,
//     or the pseudo-version the go command derives from the clone's
//     commit ("v0.0.0-20261127164301-097d208abcde+dirty");
//  2. the VCS revision, shortened to 12 digits, with "+dirty" when the
//     work tree had uncommitted changes;
//  3. Devel.
func Of(bi *debug.BuildInfo) string {
	if bi == nil {
		return Devel
	}
	if v := bi.Main.Version; v != "" && v != Devel {
		return v
	}
	var rev string
	var dirty bool
	for _, s := range bi.Settings {
		switch s.Key {
		case "vcs.revision":
			rev = s.Value
		case "vcs.modified":
			dirty = s.Value == "true"
		}
	}
	if rev == "" {
		return Devel
	}
	if len(rev) > 12 {
		rev = rev[:12]
	}
	if dirty {
		rev += "+dirty"
	}
	return rev
}
