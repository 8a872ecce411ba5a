// Package broken does not type-check.
package broken

// Answer returns the wrong type.
func Answer() int { return "42" }
