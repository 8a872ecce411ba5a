package main

import (
	"cmp"
	"encoding/json"
	"fmt"
	"go/token"
	"io"
	"net/url"
	"os"
	"slices"
	"strings"

	"golang.org/x/tools/go/analysis"
)

// The unit driver's output under go vet: unitchecker's, byte for byte.
// Text goes to stderr, a finding as "file:line:col: message", with -c=N
// the offending lines and N around them; -json writes one tree per unit,
// package ID → analyzer → findings (or an error), on the unit's stdout
// file. unitchecker's printers are internal to golang.org/x/tools, so
// they are rewritten here; TestVetUnitDriverSameOutput runs both.

// printVetResults prints the unit's results and returns its exit status:
// with -json 0, else 1 when an analyzer failed or found anything.
func printVetResults(fset *token.FileSet, id string, results []vetResult, opts vetUnitOptions, stdout, stderr io.Writer, logPrefix string) int {
	if opts.json {
		tree := map[string]map[string]any{}
		for _, res := range results {
			addVetJSON(tree, fset, id, res)
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
	for _, res := range results {
		if res.err != nil {
			fmt.Fprintf(stderr, "%s%v\n", logPrefix, res.err)
			code = 1
		}
	}
	for _, res := range results {
		for _, d := range res.diagnostics {
			printPlain(stderr, fset, opts.context, d)
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
func addVetJSON(tree map[string]map[string]any, fset *token.FileSet, id string, res vetResult) {
	var v any
	if res.err != nil {
		v = vetJSONError{res.err.Error()}
	} else if len(res.diagnostics) > 0 {
		diags := make([]vetJSONDiagnostic, 0, len(res.diagnostics))
		for _, d := range res.diagnostics {
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
	tree[id][res.analyzer.Name] = v
}

// resolveURL returns the URL of a finding as unitchecker sets it: the
// finding's URL, or "#category", against the analyzer's URL.
func resolveURL(a *analysis.Analyzer, d analysis.Diagnostic) (string, error) {
	if d.URL == "" && d.Category == "" && a.URL == "" {
		return "", nil
	}
	raw := d.URL
	if d.URL == "" && d.Category != "" {
		raw = "#" + d.Category
	}
	u, err := url.Parse(raw)
	if err != nil {
		return "", fmt.Errorf("invalid Diagnostic.URL %q: %s", raw, err)
	}
	base, err := url.Parse(a.URL)
	if err != nil {
		return "", fmt.Errorf("invalid Analyzer.URL %q: %s", a.URL, err)
	}
	return base.ResolveReference(u).String(), nil
}

// validateFixes checks a finding's suggested fixes as unitchecker does
// before it keeps them: distinct messages; each fix's edits sorted, in
// one file, not overlapping (an edit without an end becomes an
// insertion; an end just past the file is taken as the file's end).
func validateFixes(fset *token.FileSet, a *analysis.Analyzer, fixes []analysis.SuggestedFix) error {
	messages := map[string]bool{}
	for i := range fixes {
		fix := &fixes[i]
		if messages[fix.Message] {
			return fmt.Errorf("analyzer %q suggests two fixes with same Message (%s)", a.Name, fix.Message)
		}
		messages[fix.Message] = true
		if err := validateFix(fset, fix); err != nil {
			return fmt.Errorf("analyzer %q suggests invalid fix (%s): %v", a.Name, fix.Message, err)
		}
	}
	return nil
}

func validateFix(fset *token.FileSet, fix *analysis.SuggestedFix) error {
	slices.SortStableFunc(fix.TextEdits, func(x, y analysis.TextEdit) int {
		return cmp.Or(cmp.Compare(x.Pos, y.Pos), cmp.Compare(x.End, y.End))
	})
	var prev *analysis.TextEdit
	for i := range fix.TextEdits {
		edit := &fix.TextEdits[i]
		file := fset.File(edit.Pos)
		if file == nil {
			return fmt.Errorf("no token.File for TextEdit.Pos (%v)", edit.Pos)
		}
		fileEnd := token.Pos(file.Base() + file.Size())
		if end := edit.End; end.IsValid() {
			if end < edit.Pos {
				return fmt.Errorf("TextEdit.Pos (%v) > TextEdit.End (%v)", edit.Pos, edit.End)
			}
			endFile := fset.File(end)
			if endFile != file && end < fileEnd+10 {
				// Tolerate an end just past the file (ast.File.FileEnd).
				edit.End = fileEnd
				continue
			}
			if endFile == nil {
				return fmt.Errorf("no token.File for TextEdit.End (%v; File(start).FileEnd is %d)", end, file.Base()+file.Size())
			}
			if endFile != file {
				return fmt.Errorf("edit #%d spans files (%v and %v)", i, file.Position(edit.Pos), endFile.Position(edit.End))
			}
		} else {
			edit.End = edit.Pos
		}
		if edit.End > fileEnd {
			return fmt.Errorf("end is (%v) beyond end of file (%v)", edit.End, fileEnd)
		}
		if prev != nil && edit.Pos < prev.End {
			xpos, xend := fset.Position(prev.Pos), fset.Position(prev.End)
			ypos, yend := fset.Position(edit.Pos), fset.Position(edit.End)
			return fmt.Errorf("overlapping edits to %s (%d:%d-%d:%d and %d:%d-%d:%d)",
				xpos.Filename, xpos.Line, xpos.Column, xend.Line, xend.Column, ypos.Line, ypos.Column, yend.Line, yend.Column)
		}
		prev = edit
	}
	return nil
}
