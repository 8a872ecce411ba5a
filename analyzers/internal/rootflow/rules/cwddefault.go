package rules

import (
	"github.com/staterootlint/staterootlint/analyzers/internal/knowledge"
	"github.com/staterootlint/staterootlint/analyzers/internal/lattice"
	"github.com/staterootlint/staterootlint/analyzers/internal/rootflow/code"
	"github.com/staterootlint/staterootlint/analyzers/internal/rootflow/hook"
	"golang.org/x/tools/go/ssa"
)

// Defaults of empty values: after `if x == "" { x = def }`, x is def
// where it was "", and x itself where it was not.
//
// Where x was "" depends on what x is. The empty string is replaced by
// def. A parameter, a field or variable, a user's choice or a variable
// the caller names may be "" too, whatever the function's own callers
// pass (a library's caller, a flag left empty), so def is one more
// origin beside it: a home directory fallback of a parameter is reported
// in the function that builds it. A default relative to the working
// directory ("." when no folder is given) is not: like the "." that
// meets a user's choice (userDefaults), it is the working directory of
// whoever left x empty, and x's own callers decide what that is. A
// concrete path (a root, a literal, the cache directory) is never "",
// and its default never runs. On the other edge, x arrives only where it
// is not "": its empty origin is dropped.

// cwdDefaultRule decides the edge of `if x == "." { x = <default> }` or
// `if x == "" { x = <default> }` that took the default: it is x spelled
// out (the working directory the user named with "."), or, for "", x with
// its empty origin replaced by the default (withDefault). On any other
// edge decided by x == "." (`if dest == "." { dest = os.Getwd() } else {
// dest = p.Dest }`, or a name relative to the working directory where x
// is "."), x is the working directory: the edge's paths relative to the
// working directory (os.Getwd's included) are rebased onto x's origins,
// so they are x's choice, a root, or x's shadow, as x is.
//
// Unsound where the default is not what x stands for (a "." that the
// program maps to another directory of its own): that default is taken
// for x.
type cwdDefaultRule struct{}

func (cwdDefaultRule) Name() string { return "cwd-default" }

func (cwdDefaultRule) PhiEdge(ctx hook.Context, phi *ssa.Phi, i int) (lattice.Origins, bool) {
	x, cmp, spelled := cwdDefault(ctx, phi, i)
	switch {
	case x == nil:
		return nil, false
	case spelled && cmp == "":
		// x = def when x == "": an empty x means the default.
		return withDefault(ctx.Eval(x), ctx.Eval(phi.Edges[i])), true
	case spelled:
		// dest = os.Getwd() when dest == ".": still dest.
		return ctx.Eval(x), true
	}
	// Another value where x == ".": x is the working directory there, so
	// what is relative to the working directory is below x.
	return ctx.Eval(phi.Edges[i]).Map(func(a lattice.Origin) lattice.Origins {
		if !cwdRelative(a) {
			return lattice.Origins{a}
		}
		return ctx.Eval(x).Map(func(b lattice.Origin) lattice.Origins { return lattice.Origins{b.AppendPath(a.Path, a.At)} })
	}), true
}

// cwdDefault finds the comparison that decides edge i of phi: x == "."
// or x == "" holding on every path to it. It returns x, the string
// compared with, and whether x is also another edge of phi (`if x == "."
// { x = <default> }`: the edge spells x out); x nil when no such
// comparison decides the edge, or when it compares with "" and x is not
// another edge.
func cwdDefault(ctx hook.Context, phi *ssa.Phi, i int) (x ssa.Value, cmp string, spelled bool) {
	preds := phi.Block().Preds
	if i >= len(preds) {
		return nil, "", false
	}
	for c := range code.Dominating(preds[i]) {
		x, s := c.X, c.Str
		if c.Kind != code.CondCmp || !c.IsStr || s != "." && s != "" || !c.Holds {
			continue
		}
		for j, other := range phi.Edges {
			if j != i && other == x {
				return x, s, true
			}
		}
		if s == "." {
			return x, s, false
		}
		return nil, "", false
	}
	return nil, "", false
}

// withDefault returns the origins of x after `if x == "" { x = def }`
// on the edge that took the default.
func withDefault(x, def lattice.Origins) lattice.Origins {
	return x.Map(func(a lattice.Origin) lattice.Origins {
		switch {
		case a.Kind == lattice.Empty:
			return def
		case mayBeEmpty(a):
			return lattice.Union(lattice.Origins{a}, def.Map(func(d lattice.Origin) lattice.Origins {
				if d.Kind == lattice.Empty || cwdRelative(d) {
					return nil
				}
				return lattice.Origins{d}
			}))
		}
		return lattice.Origins{a}
	})
}

// cwdRelative reports whether an origin is a path relative to the working
// directory: a relative literal or the working directory itself.
func cwdRelative(a lattice.Origin) bool {
	return a.Kind == lattice.Bad && (a.Cause == knowledge.CauseCwd || a.Cause == knowledge.CauseLiteral && a.Rel)
}

// mayBeEmpty reports whether an origin other than Empty can be the empty
// string: a symbolic or user-chosen value with nothing appended.
func mayBeEmpty(a lattice.Origin) bool {
	switch a.Kind {
	case lattice.Param, lattice.Cell, lattice.User, lattice.Env:
		return a.Path == ""
	}
	return false
}
