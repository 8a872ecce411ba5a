package rootflow

import (
	"go/token"

	"github.com/staterootlint/staterootlint/analyzers/internal/lattice"
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

func (emptyReturnRule) name() string { return "empty-return" }

func (emptyReturnRule) returnValue(ctx ruleContext, b *ssa.BasicBlock, r ssa.Value, v Origins) (Origins, bool) {
	if !emptyAt(ctx, b, r) {
		return nil, false
	}
	return onlyEmpty(v), true
}

func (emptyReturnRule) bindArg(_ ruleContext, a Origin, arg Origins, _ []ssa.Value, _ token.Position) Origins {
	if a.Flag(lattice.EmptyOnly) {
		return onlyEmpty(arg)
	}
	return arg
}

// emptyAt reports whether block b runs only where v == "": there v is the
// empty path, whatever it is elsewhere (if p == "" { return p }).
func emptyAt(ctx ruleContext, b *ssa.BasicBlock, v ssa.Value) bool {
	return anyCond(dominating(b), func(c cond) bool { return c.isEmptyTest(v, true) })
}

// onlyEmpty is what v is where it is "": the empty path if v can be
// empty, nothing if it cannot; a parameter is marked so its callers keep
// only their empty arguments.
func onlyEmpty(v Origins) Origins {
	return v.Map(func(a Origin) Origins {
		switch {
		case a.Kind == Empty:
			return Origins{a}
		case a.Kind == Param && a.Path == "":
			a.SetFlag(lattice.EmptyOnly, true)
			return Origins{a}
		case a.Kind == Bad && a.Lit != "", a.Kind == Rooted && a.Path != "":
			return nil // a literal or a path below a root is never ""
		}
		return Origins{{Kind: Empty}}
	})
}
