package rules

import (
	"go/token"

	"github.com/staterootlint/staterootlint/analyzers/internal/knowledge"
	"github.com/staterootlint/staterootlint/analyzers/internal/lattice"
	"github.com/staterootlint/staterootlint/analyzers/internal/rootflow/code"
	"github.com/staterootlint/staterootlint/analyzers/internal/rootflow/hook"
	"golang.org/x/tools/go/ssa"
)

// stdObjectsRule: a field read of an object a standard-library function
// returned (u.Path of url.Parse's *URL, req.Subject.CommonName of a
// parsed certificate request) is what that function stored there, which
// the engine does not analyze: a value it cannot follow (unproven), not
// the field's cell, whose stores are the package's own objects' (a URL
// literal kept for display, a certificate template). Fields the
// knowledge table names keep their entry.
//
// Unsound where the program stores into the object after the function
// returned it (u.Path = p, then a write of u.Path): the read is unproven
// all the same, counted and listed with report-unproven, never a proven
// origin.
type stdObjectsRule struct{}

func (stdObjectsRule) Name() string { return "std-objects" }

func (stdObjectsRule) FieldRead(ctx hook.Context, _, x ssa.Value, field int, pos token.Pos) (lattice.Origins, bool) {
	maker := stdMaker(ctx, x)
	if maker == "" {
		return nil, false
	}
	if _, known := knowledge.Fields[code.FieldKey(x.Type(), field, ctx)]; known {
		return nil, false
	}
	return ctx.Bad(pos, "a field of the object %s returned", lattice.ShortName(maker)), true
}

// stdMaker returns the standard-library function whose result x is, or
// a field of (through loads and field addresses), or "".
func stdMaker(ctx hook.Context, x ssa.Value) string {
	for {
		switch v := x.(type) {
		case *ssa.FieldAddr:
			x = v.X
		case *ssa.Field:
			x = v.X
		case *ssa.UnOp:
			if v.Op != token.MUL {
				return ""
			}
			x = v.X
		case *ssa.Extract:
			x = v.Tuple
		case *ssa.Call:
			callee := v.Call.StaticCallee()
			if callee == nil || !knowledge.FileInGOROOT(ctx.AnalysisPass().Fset.Position(callee.Pos()).Filename) {
				return ""
			}
			return code.FuncKey(callee)
		default:
			return ""
		}
	}
}
