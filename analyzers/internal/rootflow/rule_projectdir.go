package rootflow

import (
	"go/token"
	"slices"

	"github.com/staterootlint/staterootlint/analyzers/internal/lattice"
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

func (projectDirRule) name() string { return "project-dir" }

func (projectDirRule) bindArg(ctx ruleContext, a Origin, arg Origins, args []ssa.Value, _ token.Position) Origins {
	switch below := a.Num(lattice.Below); {
	case a.Flag(lattice.UserBelow):
		return belowUserAt(arg, a.TextOf(lattice.BelowPath))
	case below > 0 && below <= len(args):
		return belowAt(ctx, arg, ctx.eval(args[below-1]), a.TextOf(lattice.BelowPath))
	}
	return arg
}

func (projectDirRule) bindSymbol(ctx ruleContext, a Origin, _ string, args []ssa.Value, _ token.Position) (Origins, bool) {
	if a.Num(lattice.Below) == 0 {
		return nil, false
	}
	return resolveBelow(ctx, a, args), true
}

func (projectDirRule) joinBase(ctx ruleContext, base Origins, _ ssa.Value, rest []ssa.Value, _ *ssa.BasicBlock) Origins {
	return joinBelow(ctx, base, rest)
}

func (projectDirRule) checkValue(_ ruleContext, r Req, v Origins) Origins {
	below := r.Tags.Set(lattice.ReqBelowPaths)
	if len(below) == 0 {
		return v
	}
	return unionEach(below, func(p string) Origins { return belowUserAt(v, p) })
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
func joinBelow(ctx ruleContext, base Origins, rest []ssa.Value) Origins {
	if len(rest) == 0 || !mayBeUserBase(base) {
		return base
	}
	return belowElem(ctx, base, ctx.eval(rest[0]))
}

// belowElem returns base as the base of the element el (its origins): the
// user's, conditional on a parameter, or unchanged.
func belowElem(ctx ruleContext, base, el Origins) Origins { return belowAt(ctx, base, el, "") }

// belowAt is below with the element at p below each origin of base.
func belowAt(ctx ruleContext, base, el Origins, p string) Origins {
	if prm, ok := soleParam(el); ok {
		return base.Map(func(a Origin) Origins {
			b := a
			b.Path = lattice.CleanPattern(lattice.JoinPattern(a.Path, p))
			if !a.Flag(lattice.UserBelow) && a.Num(lattice.Below) == 0 && (userBase(b) || a.Kind == Param || a.Kind == Cell) {
				a.SetNum(lattice.Below, prm.Index+1)
				a.SetText(lattice.BelowPath, b.Path)
			}
			return Origins{a}
		})
	}
	if ctx.inPlace(el) || ctx.userChosen(el, nil) && !unknownCell(ctx, el) {
		return belowUserAt(base, p)
	}
	return base
}

// unknownCell reports whether el holds a cell nothing the analysis sees
// stores into: its value is unknown, not shown to be the user's.
func unknownCell(ctx ruleContext, el Origins) bool {
	return slices.ContainsFunc(el, func(a Origin) bool { return a.Kind == Cell && len(ctx.cellStores(a.Key)) == 0 })
}

// mayBeUserBase reports whether the rule may change v (saves evaluating
// the element).
func mayBeUserBase(v Origins) bool {
	for _, a := range v {
		if userBase(a) || a.Kind == Param || a.Kind == Cell {
			return true
		}
	}
	return false
}

// soleParam returns the parameter v is, when it is one and nothing more
// than it or the empty path (a helper that returns "" for "", as a
// shell expansion does, is the parameter's; the empty element is the
// user's anyway, as in userChosen).
func soleParam(v Origins) (Origin, bool) {
	var p Origin
	for _, a := range v {
		switch {
		case a.Kind == Empty:
		case a.Kind == Param && a.Path == "" && (p.Kind != Param || p.Key == a.Key && p.Index == a.Index):
			p = a
		default:
			return Origin{}, false
		}
	}
	return p, p.Kind == Param
}

// resolveBelow resolves the Below of a callee's origin a at a call with
// args: the argument decides.
func resolveBelow(ctx ruleContext, a Origin, args []ssa.Value) Origins {
	i := a.Num(lattice.Below) - 1
	if i < 0 || i >= len(args) {
		a.SetNum(lattice.Below, 0)
		a.SetText(lattice.BelowPath, "")
		return Origins{a}
	}
	el := ctx.eval(args[i])
	if prm, ok := soleParam(el); ok {
		a.SetNum(lattice.Below, prm.Index+1) // the caller's caller decides
		return Origins{a}
	}
	if ctx.inPlace(el) || ctx.userChosen(el, nil) {
		return Origins{userAt(a, a.TextOf(lattice.BelowPath))}
	}
	a.SetNum(lattice.Below, 0)
	a.SetText(lattice.BelowPath, "")
	return Origins{a}
}
