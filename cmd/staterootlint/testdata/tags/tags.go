// Package tags writes in a file only the "special" build tag selects.
package tags

// Plain writes nothing.
func Plain() {}
