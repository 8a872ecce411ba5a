package shadowwrite

import (
	"go/ast"
	"go/token"

	"golang.org/x/tools/go/analysis"

	"github.com/staterootlint/staterootlint/analyzers/internal/radius"
	"github.com/staterootlint/staterootlint/analyzers/internal/report"
	"github.com/staterootlint/staterootlint/analyzers/internal/rootflow"
)

// declared holds the may-write radii of the package's functions, by the
// source range of their declarations: a write under the project root is
// part of the contract when the function that makes its path concrete
// declares it (blastradius checks the rest of that radius).
type declared []struct {
	fd *ast.FuncDecl
	ps []radius.Pattern
}

// declarations collects the functions of the package with a valid
// may-write directive. An invalid one declares nothing; blastradius
// reports it.
func declarations(pass *analysis.Pass) declared {
	var d declared
	for fd, args := range report.FuncDirectives(pass.Files, "may-write") {
		if ps, err := radius.Parse(args, nil); err == nil {
			d = append(d, struct {
				fd *ast.FuncDecl
				ps []radius.Pattern
			}{fd, ps})
		}
	}
	return d
}

// allows reports whether the function declaration enclosing pos (closures
// included) declares a write to a.
func (d declared) allows(pos token.Pos, a rootflow.Origin) bool {
	for _, f := range d {
		if f.fd.Pos() <= pos && pos < f.fd.End() {
			return radius.Allows(f.ps, a)
		}
	}
	return false
}

// cwdFix is the end of a message about a fixed name written relative to
// the working directory, after the advice to use a state root (state kept
// there belongs under one): a place the user picks is a flag, and a file
// the command produces there on purpose is declared on the command.
func cwdFix(pattern string) string {
	if len(pattern) > report.MaxQuoted {
		pattern = "cwd:NAME"
	}
	return ", take it from a flag (such as --output), or, if the command produces it there on purpose, declare it on the command with //staterootlint:allow-write " + pattern
}

// projectFix is the end of a message about a path under the project root.
func projectFix(a rootflow.Origin) string {
	return "write it under a state root, or, if the contract allows it in the project, declare it on the enclosing function with //staterootlint:may-write " + a.Pattern()
}
