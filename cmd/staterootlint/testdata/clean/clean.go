// Package clean writes nothing.
package clean

// Answer returns the answer.
func Answer() int { return 42 }
