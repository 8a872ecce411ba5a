// Package envutil has env helpers of another package: its facts say which
// parameter names the variable read.
package envutil

import "os"

// Or returns the variable name names, or def when it is empty.
func Or(name, def string) string {
	if v := os.Getenv(name); v != "" {
		return v
	}
	return def
}

// Lookup reads the variable through Or.
func Lookup(def, name string) string {
	return Or(name, def)
}
