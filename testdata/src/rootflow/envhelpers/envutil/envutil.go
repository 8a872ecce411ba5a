// Package envutil has env helpers another package calls: their facts say
// which argument names the variable read.
package envutil

import "os"

// Or returns the variable name names, or def when it is unset or empty.
func Or(name, def string) string { // want Or:`reads env=\[0\]`
	if v := os.Getenv(name); v != "" {
		return v
	}
	return def
}

// Lookup reads the variable through Or, its name second.
func Lookup(def, name string) string { // want Lookup:`reads env=\[1\]`
	return Or(name, def)
}

// Set writes the variable: setting is not reading.
func Set(name, value string) error {
	return os.Setenv(name, value)
}
