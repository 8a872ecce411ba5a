package rules

import (
	"go/token"

	"github.com/staterootlint/staterootlint/analyzers/internal/lattice"
	"github.com/staterootlint/staterootlint/analyzers/internal/rootflow/code"
	"github.com/staterootlint/staterootlint/analyzers/internal/rootflow/hook"
	"golang.org/x/tools/go/ssa"
)

// emptyReturnRule: a return that runs only where its value is "" (`if p
// == "" { return p }`) returns the empty path, whatever the value is
// elsewhere; a returned parameter is tagged EmptyOnly, so at each call
// only the caller's empty argument comes back.
//
// Sound: the condition is decoded from the SSA, and the empty path is the
// only value that passes it.
type emptyReturnRule struct{}

func (emptyReturnRule) Name() string { return "empty-return" }

func (emptyReturnRule) ReturnValue(ctx hook.Context, b *ssa.BasicBlock, r ssa.Value, v lattice.Origins) (lattice.Origins, bool) {
	if !emptyAt(ctx, b, r) {
		return nil, false
	}
	return onlyEmpty(v), true
}

func (emptyReturnRule) BindArg(_ hook.Context, a lattice.Origin, arg lattice.Origins, _ []ssa.Value, _ token.Position) lattice.Origins {
	if a.Flag(lattice.EmptyOnly) {
		return onlyEmpty(arg)
	}
	return arg
}

// emptyAt reports whether block b runs only where v == "": there v is the
// empty path, whatever it is elsewhere (if p == "" { return p }).
func emptyAt(ctx hook.Context, b *ssa.BasicBlock, v ssa.Value) bool {
	return code.AnyCond(code.Dominating(b), func(c code.Cond) bool { return c.IsEmptyTest(v, true) })
}

// onlyEmpty is what v is where it is "": the empty path if v can be
// empty, nothing if it cannot; a parameter is marked so its callers keep
// only their empty arguments.
func onlyEmpty(v lattice.Origins) lattice.Origins {
	return v.Map(func(a lattice.Origin) lattice.Origins {
		switch {
		case a.Kind == lattice.Empty:
			return lattice.Origins{a}
		case a.Kind == lattice.Param && a.Path == "":
			a.SetFlag(lattice.EmptyOnly, true)
			return lattice.Origins{a}
		case a.Kind == lattice.Bad && a.Lit != "", a.Kind == lattice.Rooted && a.Path != "":
			return nil // a literal or a path below a root is never ""
		}
		return lattice.Origins{{Kind: lattice.Empty}}
	})
}
