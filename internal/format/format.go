// Package format writes a run's findings in the formats the command
// prints them in: text for people (WriteText), and for CI a fixed JSON
// shape (WriteJSON) and SARIF 2.1.0, the subset GitHub code scanning
// reads (WriteSARIF). The command chooses the format and the stream.
package format

import (
	"encoding/json"
	"fmt"
	"io"
	"path/filepath"

	"github.com/staterootlint/staterootlint/internal/driver"
)

// WriteText writes a finding a line, "path:line:col: message
// (analyzer)", paths relative to dir when inside it (the working
// directory, or -C's DIR, as go -C prints them); verbose, each finding's
// chain follows it, one indented step a line.
func WriteText(w io.Writer, dir string, findings []driver.Finding, verbose bool) error {
	for _, f := range findings {
		if _, err := fmt.Fprintf(w, "%s:%d:%d: %s (%s)\n", RelPath(dir, f.Pos.Filename), f.Pos.Line, f.Pos.Column, f.Message, f.Analyzer); err != nil {
			return err
		}
		if !verbose {
			continue
		}
		for _, s := range f.Chain {
			if _, err := fmt.Fprintf(w, "\t%s:%d:%d: %s\n", RelPath(dir, s.Pos.Filename), s.Pos.Line, s.Pos.Column, s.Message); err != nil {
				return err
			}
		}
	}
	return nil
}

// RelPath returns file relative to dir when file is inside dir, else file.
func RelPath(dir, file string) string {
	if rel, err := filepath.Rel(dir, file); err == nil && filepath.IsLocal(rel) {
		return rel
	}
	return file
}

// Diagnostic is the fixed JSON shape of one finding.
type Diagnostic struct {
	Analyzer string `json:"analyzer"`
	File     string `json:"file"`
	Line     int    `json:"line"`
	Column   int    `json:"column"`
	Message  string `json:"message"`
	Category string `json:"category"`
	// Chain is the path from the origin of the written path to the
	// write: where it starts, the calls and stores between, the write.
	Chain []Step `json:"chain,omitempty"`
}

// Step is one step of a finding's chain.
type Step struct {
	File    string `json:"file"`
	Line    int    `json:"line"`
	Column  int    `json:"column"`
	Message string `json:"message"`
}

// WriteJSON writes the findings as {"diagnostics": [Diagnostic...]},
// indented.
func WriteJSON(w io.Writer, findings []driver.Finding) error {
	out := struct {
		Diagnostics []Diagnostic `json:"diagnostics"`
	}{Diagnostics: []Diagnostic{}}
	for _, f := range findings {
		out.Diagnostics = append(out.Diagnostics, Diagnostic{
			Analyzer: f.Analyzer,
			File:     f.Pos.Filename,
			Line:     f.Pos.Line,
			Column:   f.Pos.Column,
			Message:  f.Message,
			Category: f.Category,
			Chain:    chain(f.Chain),
		})
	}
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(out)
}

// chain is a finding's chain in its JSON shape.
func chain(steps []driver.Step) []Step {
	var out []Step
	for _, s := range steps {
		out = append(out, Step{File: s.Pos.Filename, Line: s.Pos.Line, Column: s.Pos.Column, Message: s.Message})
	}
	return out
}
