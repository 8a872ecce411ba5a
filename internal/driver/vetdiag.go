package driver

import (
	"cmp"
	"fmt"
	"go/token"
	"net/url"
	"slices"

	"golang.org/x/tools/go/analysis"
)

// What unitchecker does to a finding before it keeps it, done alike by
// the go vet unit driver (vetunit.go): its URL resolved against the
// analyzer's, its suggested fixes checked. unitchecker's own code is
// internal to golang.org/x/tools, so it is rewritten here;
// TestVetUnitDriverSameOutput (cmd/staterootlint) runs both.

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
