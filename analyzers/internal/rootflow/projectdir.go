package rootflow

import (
	"go/token"
	"strings"

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

func (projectDirRule) bindArg(e *engine, a Origin, arg Origins, args []ssa.Value, _ token.Position) Origins {
	switch below := a.Num(lattice.Below); {
	case a.Flag(lattice.UserBelow):
		return belowUserAt(arg, a.TextOf(lattice.BelowPath))
	case below > 0 && below <= len(args):
		return e.belowAt(arg, e.eval(args[below-1]), a.TextOf(lattice.BelowPath))
	}
	return arg
}

func (projectDirRule) bindSymbol(e *engine, a Origin, _ string, args []ssa.Value, _ token.Position) (Origins, bool) {
	if a.Num(lattice.Below) == 0 {
		return nil, false
	}
	return e.resolveBelow(a, args), true
}

func (projectDirRule) joinBase(e *engine, base Origins, rest []ssa.Value) Origins {
	return e.joinBelow(base, rest)
}

func (projectDirRule) checkValue(_ *engine, r Req, v Origins) Origins {
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

// belowUserAt returns v as the base of a path the user chose below v/p:
// the path between counts (the directory of a file named in the cwd is
// the cwd; a constant directory below the cwd is the program's own). A
// symbolic origin keeps the path from its value to the user's element in
// BelowPath, for the requirement on it. An origin already the base of an
// element nearer to it (UserBelow, Below) keeps that.
func belowUserAt(v Origins, p string) Origins {
	return v.Map(func(a Origin) Origins {
		if a.Flag(lattice.UserBelow) || a.Num(lattice.Below) > 0 {
			return Origins{a}
		}
		return Origins{userAt(a, lattice.CleanPattern(lattice.JoinPattern(a.Path, p)))}
	})
}

// userAt returns a as the base of a path the user chose at base below
// a's origin (a's own path goes on past the element).
func userAt(a Origin, base string) Origin {
	b := a
	b.Path = base
	b.SetNum(lattice.Below, 0)
	b.SetText(lattice.BelowPath, "")
	switch {
	case userBase(b):
		return Origin{Kind: User, Path: a.Path}
	case a.Kind == Param || a.Kind == Cell:
		a.SetFlag(lattice.UserBelow, true)
		a.SetNum(lattice.Below, 0)
		a.SetText(lattice.BelowPath, base)
	default:
		a.SetNum(lattice.Below, 0)
		a.SetText(lattice.BelowPath, "")
	}
	return a
}

// userBase reports whether a is the working directory, a directory
// above it (Dir of a file named in it, Dir("Tasks.yml"), is "."), or the
// home directory the user asked for (or a directory above it: a search
// from there).
func userBase(a Origin) bool {
	if a.Kind == Bad && a.Cause == CauseLiteral && a.Rel && !strings.Contains(a.Lit+a.Path, "*") {
		// The directory of a file named in the cwd: Dir("Tasks.yml").
		return climbOnly(lattice.CleanPattern(lattice.JoinPattern(a.Lit, a.Path)))
	}
	if a.Kind != Bad || !climbOnly(a.Path) {
		return false
	}
	switch {
	case a.Src == "os.Getwd":
		return true
	case a.Cause == CauseLiteral && a.Rel:
		return a.Lit == "." || a.Lit == ".."
	case a.Cause == CauseHome:
		return a.Flag(lattice.Asked)
	}
	return false
}

// climbOnly reports whether a pattern only climbs (a walk up from the
// origin): "", "..", "../..", or a widened "**".
func climbOnly(p string) bool {
	for _, s := range strings.Split(p, "/") {
		if s != "" && s != "." && s != ".." && s != "**" {
			return false
		}
	}
	return true
}

// joinBelow applies the rule to a join of first and the elements rest:
// the base is the user's when rest[0] is.
func (e *engine) joinBelow(base Origins, rest []ssa.Value) Origins {
	if len(rest) == 0 || !mayBeUserBase(base) {
		return base
	}
	return e.below(base, e.eval(rest[0]))
}

// below returns base as the base of the element el (its origins): the
// user's, conditional on a parameter, or unchanged.
func (e *engine) below(base, el Origins) Origins { return e.belowAt(base, el, "") }

// belowAt is below with the element at p below each origin of base.
func (e *engine) belowAt(base, el Origins, p string) Origins {
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
	if e.inPlace(el) || e.userChosen(el, nil) {
		return belowUserAt(base, p)
	}
	return base
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

// userChosen reports whether every origin of v is the user's (or empty),
// reading through cells to what is stored into them (a cell met again,
// a store of itself, counts for nothing).
func (e *engine) userChosen(v Origins, seen map[string]bool) bool {
	if len(v) == 0 || len(seen) > maxUserCells {
		return false
	}
	for _, a := range v {
		switch a.Kind {
		case User, Empty:
		case Cell:
			if e.resolving[a.Key] || seen[a.Key] {
				continue
			}
			if seen == nil {
				seen = map[string]bool{}
			}
			seen[a.Key] = true
			stores := e.cellStores(a.Key)
			if a.TextOf(lattice.MapKey) != "" {
				stores = e.mapElems(stores, a.TextOf(lattice.MapKey), a.At)
			}
			if a.Flag(lattice.UserBelow) {
				stores = belowUserAt(stores, a.TextOf(lattice.BelowPath))
			}
			if len(stores) > 0 && !e.userChosen(stores, seen) {
				return false
			}
		default:
			return false
		}
	}
	return true
}

// resolveBelow resolves the Below of a callee's origin a at a call with
// args: the argument decides.
func (e *engine) resolveBelow(a Origin, args []ssa.Value) Origins {
	i := a.Num(lattice.Below) - 1
	if i < 0 || i >= len(args) {
		a.SetNum(lattice.Below, 0)
		a.SetText(lattice.BelowPath, "")
		return Origins{a}
	}
	el := e.eval(args[i])
	if prm, ok := soleParam(el); ok {
		a.SetNum(lattice.Below, prm.Index+1) // the caller's caller decides
		return Origins{a}
	}
	if e.inPlace(el) || e.userChosen(el, nil) {
		return Origins{userAt(a, a.TextOf(lattice.BelowPath))}
	}
	a.SetNum(lattice.Below, 0)
	a.SetText(lattice.BelowPath, "")
	return Origins{a}
}
