// Package syntax is a stub of mvdan.cc/sh/v3/syntax for the fixtures: the
// shell parser's API, without the parser.
package syntax

import "io"

// Word is a shell word.
type Word struct{ text string }

// Parser parses shell source.
type Parser struct{}

// NewParser returns a parser.
func NewParser() *Parser { return &Parser{} }

// Document parses a single word from r.
func (p *Parser) Document(r io.Reader) (*Word, error) {
	b, err := io.ReadAll(r)
	return &Word{text: string(b)}, err
}
