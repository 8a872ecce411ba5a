package inventory

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
	"strings"
)

// Output formats of the inventory command.
const (
	FormatMarkdown = "markdown"
	FormatJSON     = "json"
)

// Formats lists the output formats, the default first.
var Formats = []string{FormatMarkdown, FormatJSON}

// Write writes the artifacts in format, one of Formats.
func Write(w io.Writer, format string, arts []Artifact) error {
	switch format {
	case FormatMarkdown:
		return WriteMarkdown(w, arts)
	case FormatJSON:
		return WriteJSON(w, arts)
	}
	return fmt.Errorf("unknown inventory format %q; valid: %s", format, strings.Join(Formats, ", "))
}

// WriteMarkdown writes the artifacts as a markdown table, one row per
// write: pattern | kind | write | where | via function. The pattern is in
// backticks, so the table is a valid contract document to start from.
func WriteMarkdown(w io.Writer, arts []Artifact) error {
	bw := bufio.NewWriter(w)
	fmt.Fprintln(bw, "| pattern | kind | write | where | via function |")
	fmt.Fprintln(bw, "|---|---|---|---|---|")
	for _, a := range arts {
		write := a.Op
		if a.Inferred {
			write += " (inferred)"
		}
		if a.Kind == KindUnproven || (a.Kind == KindUnknown && a.Detail != "") {
			if write != "" {
				write += ": "
			}
			write += a.Detail
		}
		via := a.Func
		if len(a.Chain) > 0 {
			via += " → " + strings.Join(a.Chain, " → ")
		}
		fmt.Fprintf(bw, "| %s | %s | %s | %s | %s |\n", code(a.Pattern), cell(a.Kind), cell(write), cell(a.At), cell(via))
	}
	return bw.Flush()
}

// cell escapes a table cell's text.
func cell(s string) string { return strings.ReplaceAll(s, "|", `\|`) }

// code renders s as a code span, with enough backticks to hold any in s.
func code(s string) string {
	delim := "`"
	for strings.Contains(s, delim) {
		delim += "`"
	}
	if strings.HasPrefix(s, "`") || strings.HasSuffix(s, "`") {
		s = " " + s + " "
	}
	return delim + cell(s) + delim
}

// WriteJSON writes the artifacts as {"artifacts":[...]}.
func WriteJSON(w io.Writer, arts []Artifact) error {
	if arts == nil {
		arts = []Artifact{}
	}
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(struct {
		Artifacts []Artifact `json:"artifacts"`
	}{arts})
}
