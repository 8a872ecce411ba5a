package fixes

import (
	"go/ast"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/staterootlint/staterootlint/analyzers/internal/rootflow"
	"github.com/staterootlint/staterootlint/internal/fixkind"
)

// declare returns the fix declaring a fixed name written in the working
// directory a product of the function declaration the write is in, with
// //staterootlint:allow-write cwd:NAME in its doc comment (added to the
// directive it has), or nil when the write is no such name.
func (fx *Fixer) declare(stack []ast.Node, o rootflow.Origin) *analysis.SuggestedFix {
	pattern, ok := rootflow.CwdPattern(o)
	if !ok {
		return nil
	}
	var fd *ast.FuncDecl
	for _, n := range stack {
		if d, ok := n.(*ast.FuncDecl); ok {
			fd = d
		}
	}
	if fd == nil {
		return nil
	}
	const directive = "//staterootlint:allow-write"
	var edit analysis.TextEdit
	switch {
	case fd.Doc == nil:
		edit = analysis.TextEdit{Pos: fd.Pos(), End: fd.Pos(), NewText: []byte(directive + " " + pattern + "\n")}
	default:
		edit = analysis.TextEdit{Pos: fd.Doc.End(), End: fd.Doc.End(), NewText: []byte("\n//\n" + directive + " " + pattern)}
		for _, c := range fd.Doc.List {
			if rest, ok := strings.CutPrefix(c.Text, directive); ok && (rest == "" || rest[0] == ' ') {
				edit = analysis.TextEdit{Pos: c.End(), End: c.End(), NewText: []byte(" " + pattern)}
			}
		}
	}
	return &analysis.SuggestedFix{
		Message:   fixkind.DeclarePrefix + pattern + " on " + fd.Name.Name + " with " + directive,
		TextEdits: []analysis.TextEdit{edit},
	}
}
