// Package envhelpers pins the engine's env helpers (Result.EnvCalls and
// the facts' "reads env"): a function that reads the environment
// variable one of its parameters names, directly, through a helper of its
// own package declared later, or through another package's.
package envhelpers

import (
	"os"

	"rootflow/envhelpers/envutil"
)

// Both reads two variables its caller names, one through a helper
// declared below.
func Both(first, second string) (string, string) { // want Both:`reads env=\[0, 1\]`
	return os.Getenv(first), fromOther(second)
}

// fromOther reads through another package's helper.
func fromOther(name string) string { // want fromOther:`reads env=\[0\]`
	return envutil.Lookup("", name)
}

// Fixed reads a variable it names itself: no argument of a call of it
// names one.
func Fixed() string { // want Fixed:`^results=\[\{outside\(env\)\}\]$`
	return os.Getenv("HOME")
}

// Renamed reads a variable derived from its parameter, not the one its
// caller names.
func Renamed(suffix string) string { // want Renamed:`^results=\[\{outside\(env\)\}\]$`
	name := "APP_" + suffix
	return os.Getenv(name)
}

// Setter writes a variable through a helper: not a read.
func Setter(name string) error {
	return envutil.Set(name, "1")
}
