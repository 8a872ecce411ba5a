// Package expand is a stub of mvdan.cc/sh/v3/expand for the fixtures: the
// expansion API, without the interpreter.
package expand

import "mvdan.cc/sh/v3/syntax"

// Config configures an expansion.
type Config struct {
	Env func(string) string
}

// Literal expands a word as a shell would, without splitting it.
func Literal(cfg *Config, word *syntax.Word) (string, error) {
	_ = word
	return "", nil
}
