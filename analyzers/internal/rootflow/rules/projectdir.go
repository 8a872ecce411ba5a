package rules

import (
	"go/token"
	"slices"

	"github.com/staterootlint/staterootlint/analyzers/internal/lattice"
	"github.com/staterootlint/staterootlint/analyzers/internal/rootflow/hook"
	"golang.org/x/tools/go/ssa"
)

// projectDirRule: a path the user chose joined below a directory makes
// that directory the user's base: where it is the working directory (or
// above it), or the home directory the user asked for, the whole path is
// the user's. A parameter or cell with such a join below it carries the
// tags UserBelow and BelowPath (or Below: the element is a parameter of
// the function, decided at each call), and a requirement on it the
// transform ReqBelowPaths.
//
// Unsound where the "user's" element is a default of the program's own
// that the element test takes for the user's (a flag's default naming
// the program's own directory).
type projectDirRule struct{}

func (projectDirRule) Name() string { return "project-dir" }

func (projectDirRule) BindArg(ctx hook.Context, a lattice.Origin, arg lattice.Origins, args []ssa.Value, _ token.Position) lattice.Origins {
	switch below := a.Num(lattice.Below); {
	case a.Flag(lattice.UserBelow):
		return hook.BelowUserAt(arg, a.TextOf(lattice.BelowPath))
	case below > 0 && below <= len(args):
		return belowAt(ctx, arg, ctx.Eval(args[below-1]), a.TextOf(lattice.BelowPath))
	}
	return arg
}

func (projectDirRule) BindSymbol(ctx hook.Context, a lattice.Origin, _ string, args []ssa.Value, _ token.Position) (lattice.Origins, bool) {
	if a.Num(lattice.Below) == 0 {
		return nil, false
	}
	return resolveBelow(ctx, a, args), true
}

func (projectDirRule) JoinBase(ctx hook.Context, base lattice.Origins, _ ssa.Value, rest []ssa.Value, _ *ssa.BasicBlock) lattice.Origins {
	return joinBelow(ctx, base, rest)
}

func (projectDirRule) CheckValue(_ hook.Context, r lattice.Req, v lattice.Origins) lattice.Origins {
	below := r.Tags.Set(lattice.ReqBelowPaths)
	if len(below) == 0 {
		return v
	}
	return unionEach(below, func(p string) lattice.Origins { return hook.BelowUserAt(v, p) })
}

// The user's base: a relative path is resolved against the working
// directory, so Join(wd, p), with p the user's choice, is p: the user
// chose where under the directory they run in, as they do when the
// program writes p itself. The same holds for a directory found by walking
// up from the working directory (the project directory that stateroots.FindProjectRoot finds), and for
// the home directory when the user asked for it (a branch on a user's
// flag: --global). Only the element right after the base counts:
// Join(wd, ".cache", p) is a directory of the program's own in the cwd,
// and Join(wd, ".cache") a file of its own there; both stay reported.
//
// The rule is carried as a transform of the base's origins (belowUserAt):
// an origin of the user's base becomes the user's, and a symbolic one
// (a parameter, a cell) carries UserBelow, which the requirement on it
// keeps (Req.UserBelow): its stores and arguments are checked with the
// same transform. A requirement that reaches the same parameter or cell
// from a write without a user's path below it is stricter and wins.
// In a summary, an element that is a parameter of the function makes the
// base conditional (Origin.Below): the caller's argument decides
// (substitute), as a join helper such as Join(a, b) unless IsAbs(b) is
// called.

// joinBelow applies the rule to a join of first and the elements rest:
// the base is the user's when rest[0] is.
func joinBelow(ctx hook.Context, base lattice.Origins, rest []ssa.Value) lattice.Origins {
	if len(rest) == 0 || !mayBeUserBase(base) {
		return base
	}
	return belowElem(ctx, base, ctx.Eval(rest[0]))
}

// belowElem returns base as the base of the element el (its origins): the
// user's, conditional on a parameter, or unchanged.
func belowElem(ctx hook.Context, base, el lattice.Origins) lattice.Origins {
	return belowAt(ctx, base, el, "")
}

// belowAt is below with the element at p below each origin of base.
func belowAt(ctx hook.Context, base, el lattice.Origins, p string) lattice.Origins {
	if prm, ok := soleParam(el); ok {
		return base.Map(func(a lattice.Origin) lattice.Origins {
			b := a
			b.Path = lattice.CleanPattern(lattice.JoinPattern(a.Path, p))
			if !a.Flag(lattice.UserBelow) && a.Num(lattice.Below) == 0 && (hook.UserBase(b) || a.Kind == lattice.Param || a.Kind == lattice.Cell) {
				a.SetNum(lattice.Below, prm.Index+1)
				a.SetText(lattice.BelowPath, b.Path)
			}
			return lattice.Origins{a}
		})
	}
	if ctx.InPlace(el) || ctx.UserChosen(el, nil) && !unknownCell(ctx, el) {
		return hook.BelowUserAt(base, p)
	}
	return base
}

// unknownCell reports whether el holds a cell nothing the analysis sees
// stores into: its value is unknown, not shown to be the user's.
func unknownCell(ctx hook.Context, el lattice.Origins) bool {
	return slices.ContainsFunc(el, func(a lattice.Origin) bool { return a.Kind == lattice.Cell && len(ctx.CellStores(a.Key)) == 0 })
}

// mayBeUserBase reports whether the rule may change v (saves evaluating
// the element).
func mayBeUserBase(v lattice.Origins) bool {
	for _, a := range v {
		if hook.UserBase(a) || a.Kind == lattice.Param || a.Kind == lattice.Cell {
			return true
		}
	}
	return false
}

// soleParam returns the parameter v is, when it is one and nothing more
// than it or the empty path (a helper that returns "" for "", as a
// shell expansion does, is the parameter's; the empty element is the
// user's anyway, as in userChosen).
func soleParam(v lattice.Origins) (lattice.Origin, bool) {
	var p lattice.Origin
	for _, a := range v {
		switch {
		case a.Kind == lattice.Empty:
		case a.Kind == lattice.Param && a.Path == "" && (p.Kind != lattice.Param || p.Key == a.Key && p.Index == a.Index):
			p = a
		default:
			return lattice.Origin{}, false
		}
	}
	return p, p.Kind == lattice.Param
}

// resolveBelow resolves the Below of a callee's origin a at a call with
// args: the argument decides.
func resolveBelow(ctx hook.Context, a lattice.Origin, args []ssa.Value) lattice.Origins {
	i := a.Num(lattice.Below) - 1
	if i < 0 || i >= len(args) {
		a.SetNum(lattice.Below, 0)
		a.SetText(lattice.BelowPath, "")
		return lattice.Origins{a}
	}
	el := ctx.Eval(args[i])
	if prm, ok := soleParam(el); ok {
		a.SetNum(lattice.Below, prm.Index+1) // the caller's caller decides
		return lattice.Origins{a}
	}
	if ctx.InPlace(el) || ctx.UserChosen(el, nil) {
		return lattice.Origins{hook.UserAt(a, a.TextOf(lattice.BelowPath))}
	}
	a.SetNum(lattice.Below, 0)
	a.SetText(lattice.BelowPath, "")
	return lattice.Origins{a}
}
