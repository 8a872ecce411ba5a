package rootflow

import (
	"golang.org/x/tools/go/ssa"
)

// nonEmptyRule: on the edge of a phi taken only where x != "" (the branch
// of `if x == "" { x = def }` that kept x), x is not the empty path: its
// empty origin is dropped there.
//
// Sound: the branch condition is decoded from the SSA, and the empty
// origin is exactly the value the edge excludes.
type nonEmptyRule struct{}

func (nonEmptyRule) name() string { return "non-empty" }

func (nonEmptyRule) phiEdge(ctx ruleContext, phi *ssa.Phi, i int) (Origins, bool) {
	preds := phi.Block().Preds
	if i >= len(preds) || !nonEmptyEdge(ctx, preds[i], phi.Block(), phi.Edges[i]) {
		return nil, false
	}
	return nonEmpty(ctx.eval(phi.Edges[i])), true
}

// nonEmptyEdge reports whether the edge from pred into succ (a phi's) is
// taken only where v != "": pred's own branch on v == "" decides it, or
// pred runs only where v != "".
func nonEmptyEdge(ctx ruleContext, pred, succ *ssa.BasicBlock, v ssa.Value) bool {
	return anyCond(alongEdge(pred, succ), func(c cond) bool { return c.isEmptyTest(v, false) })
}

// nonEmpty drops the empty origin of a value known not to be "".
func nonEmpty(v Origins) Origins {
	return v.Map(func(a Origin) Origins {
		if a.Kind == Empty {
			return nil
		}
		return Origins{a}
	})
}
