package main

import (
	"cmp"
	"encoding/json"
	"fmt"
	"go/token"
	"io"
	"os"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/staterootlint/staterootlint/internal/driver"
)

// The go vet unit driver's output: unitchecker's, byte for byte.
// Text goes to stderr, a finding as "file:line:col: message", with -c=N
// the offending lines and N around them; -json writes one tree per unit,
// package ID → analyzer → findings (or an error), on the unit's stdout
// file. unitchecker's printers are internal to golang.org/x/tools, so
// they are rewritten here; TestVetUnitDriverSameOutput runs both.

// printVetReport prints the unit's report and returns its exit status:
// with -json 0, else 1 when an analyzer failed or found anything.
func printVetReport(rep *driver.VetReport, stdout, stderr io.Writer, logPrefix string) int {
	fset := rep.Fset
	if rep.JSON {
		tree := map[string]map[string]any{}
		for _, res := range rep.Results {
			addVetJSON(tree, fset, rep.ID, res)
		}
		data, err := json.MarshalIndent(tree, "", "\t")
		if err != nil {
			fmt.Fprintf(stderr, "%sinternal error: JSON marshaling failed: %v\n", logPrefix, err)
			return 1
		}
		fmt.Fprintf(stdout, "%s\n", data)
		return 0
	}
	code := 0
	for _, res := range rep.Results {
		if res.Err != nil {
			fmt.Fprintf(stderr, "%s%v\n", logPrefix, res.Err)
			code = 1
		}
	}
	for _, res := range rep.Results {
		for _, d := range res.Diagnostics {
			printPlain(stderr, fset, rep.Context, d)
			code = 1
		}
	}
	return code
}

// printPlain prints a finding and its related positions as text, with
// contextLines lines around each when not negative.
func printPlain(out io.Writer, fset *token.FileSet, contextLines int, d analysis.Diagnostic) {
	print := func(pos, end token.Pos, message string) {
		posn := fset.Position(pos)
		fmt.Fprintf(out, "%s: %s\n", posn, message)
		if contextLines < 0 {
			return
		}
		endPosn := fset.Position(end)
		if !endPosn.IsValid() {
			endPosn = posn
		}
		data, _ := os.ReadFile(posn.Filename)
		lines := strings.Split(string(data), "\n")
		for i := posn.Line - contextLines; i <= endPosn.Line+contextLines; i++ {
			if 1 <= i && i <= len(lines) {
				fmt.Fprintf(out, "%d\t%s\n", i, lines[i-1])
			}
		}
	}
	print(d.Pos, d.End, d.Message)
	for _, rel := range d.Related {
		print(rel.Pos, rel.End, "\t"+rel.Message)
	}
}

// The JSON shapes of go vet -json (unitchecker's driverutil).
type (
	vetJSONTextEdit struct {
		Filename string `json:"filename"`
		Start    int    `json:"start"`
		End      int    `json:"end"`
		New      string `json:"new"`
	}
	vetJSONSuggestedFix struct {
		Message string            `json:"message"`
		Edits   []vetJSONTextEdit `json:"edits"`
	}
	vetJSONRelated struct {
		Posn    string `json:"posn"`
		End     string `json:"end"`
		Message string `json:"message"`
	}
	vetJSONDiagnostic struct {
		Category       string                `json:"category,omitempty"`
		Posn           string                `json:"posn"`
		End            string                `json:"end"`
		Message        string                `json:"message"`
		SuggestedFixes []vetJSONSuggestedFix `json:"suggested_fixes,omitempty"`
		Related        []vetJSONRelated      `json:"related,omitempty"`
	}
	vetJSONError struct {
		Err string `json:"error"`
	}
)

// addVetJSON adds an analyzer's result on the unit to the tree: its error,
// or its findings if it has any.
func addVetJSON(tree map[string]map[string]any, fset *token.FileSet, id string, res driver.VetResult) {
	var v any
	if res.Err != nil {
		v = vetJSONError{res.Err.Error()}
	} else if len(res.Diagnostics) > 0 {
		diags := make([]vetJSONDiagnostic, 0, len(res.Diagnostics))
		for _, d := range res.Diagnostics {
			var fixes []vetJSONSuggestedFix
			for _, fix := range d.SuggestedFixes {
				var edits []vetJSONTextEdit
				for _, e := range fix.TextEdits {
					edits = append(edits, vetJSONTextEdit{
						Filename: fset.Position(e.Pos).Filename,
						Start:    fset.Position(e.Pos).Offset,
						End:      fset.Position(e.End).Offset,
						New:      string(e.NewText),
					})
				}
				fixes = append(fixes, vetJSONSuggestedFix{Message: fix.Message, Edits: edits})
			}
			var related []vetJSONRelated
			for _, r := range d.Related {
				related = append(related, vetJSONRelated{
					Posn:    fset.Position(r.Pos).String(),
					End:     fset.Position(cmp.Or(r.End, r.Pos)).String(),
					Message: r.Message,
				})
			}
			diags = append(diags, vetJSONDiagnostic{
				Category:       d.Category,
				Posn:           fset.Position(d.Pos).String(),
				End:            fset.Position(cmp.Or(d.End, d.Pos)).String(),
				Message:        d.Message,
				SuggestedFixes: fixes,
				Related:        related,
			})
		}
		v = diags
	}
	if v == nil {
		return
	}
	if tree[id] == nil {
		tree[id] = map[string]any{}
	}
	tree[id][res.Analyzer.Name] = v
}
