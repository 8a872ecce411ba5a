package rules

import (
	"go/token"

	"github.com/staterootlint/staterootlint/analyzers/internal/lattice"
	"github.com/staterootlint/staterootlint/analyzers/internal/rootflow/code"
	"github.com/staterootlint/staterootlint/analyzers/internal/rootflow/hook"
	"golang.org/x/tools/go/ssa"
)

// absGuardRule: a value used only where filepath.IsAbs holds for it (the
// kept branch of a join that leaves absolute paths alone, `if
// !filepath.IsAbs(p) { p = filepath.Join(base, p) }`) is never a relative
// path: its relative and empty origins are dropped there (a phi's edge, a
// return), in the function and, for a returned parameter, at its callers
// (the origin tag AbsOnly); a cell used only there has its relative
// stores dropped from the requirement (ReqAbsOnly).
//
// Unsound where a wrapper of IsAbs (abswrap.go) counts as absolute a path
// that is not (its author's definition: a placeholder expanded later).
type absGuardRule struct{}

func (absGuardRule) Name() string { return "abs-guard" }

func (absGuardRule) PhiEdge(ctx hook.Context, phi *ssa.Phi, i int) (lattice.Origins, bool) {
	preds := phi.Block().Preds
	if i >= len(preds) || !absOnlyEdge(ctx, preds[i], phi.Block(), phi.Edges[i]) {
		return nil, false
	}
	// if !IsAbs(p) { p = Join(base, p) }: the p that arrives unchanged is
	// absolute.
	return absolute(ctx.Eval(phi.Edges[i])), true
}

func (absGuardRule) ReturnValue(ctx hook.Context, b *ssa.BasicBlock, r ssa.Value, v lattice.Origins) (lattice.Origins, bool) {
	if !absOnlyAt(ctx, b, r) {
		return nil, false
	}
	return absolute(v), true // return b, where IsAbs(b)
}

func (absGuardRule) BindArg(_ hook.Context, a lattice.Origin, arg lattice.Origins, _ []ssa.Value, _ token.Position) lattice.Origins {
	if a.Flag(lattice.AbsOnly) {
		return absolute(arg)
	}
	return arg
}

func (absGuardRule) CheckValue(_ hook.Context, r lattice.Req, v lattice.Origins) lattice.Origins {
	if r.Tags.Flag(lattice.ReqAbsOnly) {
		return absolute(v)
	}
	return v
}

// absOnlyAt reports whether block b runs only where filepath.IsAbs(v) (or
// path.IsAbs(v)) is true.
func absOnlyAt(ctx hook.Context, b *ssa.BasicBlock, v ssa.Value) bool {
	return code.AnyCond(code.Dominating(b), func(c code.Cond) bool { return ctx.IsAbsTest(c, v) })
}

// absOnlyEdge reports whether the edge from pred into succ (a phi's) is
// taken only where IsAbs(v) is true.
func absOnlyEdge(ctx hook.Context, pred, succ *ssa.BasicBlock, v ssa.Value) bool {
	return code.AnyCond(code.AlongEdge(pred, succ), func(c code.Cond) bool { return ctx.IsAbsTest(c, v) })
}

// absolute keeps the origins of v that can be absolute paths: a relative
// literal, a path relative to the working directory and the empty path
// cannot; a parameter is marked so its callers drop theirs, and a cell so
// the requirement on it drops its stores' (a package list of file names
// tried with a join that keeps absolute names).
func absolute(v lattice.Origins) lattice.Origins {
	return v.Map(func(a lattice.Origin) lattice.Origins {
		switch {
		case a.Kind == lattice.Empty, a.Kind == lattice.Bad && a.Rel:
			return nil
		case (a.Kind == lattice.Param || a.Kind == lattice.Cell) && a.Path == "":
			a.SetFlag(lattice.AbsOnly, true)
		}
		return lattice.Origins{a}
	})
}
