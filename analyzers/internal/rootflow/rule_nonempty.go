package rootflow

import (
	"slices"

	"github.com/staterootlint/staterootlint/analyzers/internal/knowledge"
	"github.com/staterootlint/staterootlint/analyzers/internal/lattice"
	"golang.org/x/tools/go/ssa"
)

// nonEmptyRule: where a branch condition says x != "", x is not the empty
// path. On the edge of a phi taken only there (the branch of `if x == ""
// { x = def }` that kept x), x's empty origin is dropped. A join below x
// that runs only there (`if dir != "" { Join(dir, name) }`) joins nothing
// below an empty x, nor does a join of the entries a listing of x
// returned, since an empty x lists nothing (joinBase). A call or write that runs only there
// passes no empty x, so no name it joins below x is the path alone
// (siteReq). A parameter returned where it is not "" (`if dir != "" {
// return search(dir) }`) is returned only then: an empty argument comes
// back as nothing (returnValue).
//
// Sound: the branch condition is decoded from the SSA, and the empty
// origin is exactly the value the condition excludes.
type nonEmptyRule struct{}

func (nonEmptyRule) name() string { return "non-empty" }

func (nonEmptyRule) phiEdge(ctx ruleContext, phi *ssa.Phi, i int) (Origins, bool) {
	preds := phi.Block().Preds
	if i >= len(preds) || !nonEmptyEdge(ctx, preds[i], phi.Block(), phi.Edges[i]) {
		return nil, false
	}
	return nonEmpty(ctx.eval(phi.Edges[i])), true
}

func (nonEmptyRule) joinBase(_ ruleContext, base Origins, first ssa.Value, rest []ssa.Value, b *ssa.BasicBlock) Origins {
	if !nonEmptyIn(b, first) && !listedBelow(first, rest) {
		return base
	}
	return nonEmpty(base).Map(func(a Origin) Origins {
		if a.Kind == Param || a.Kind == Cell {
			a.SetFlag(lattice.NonEmptyOnly, true) // a binding to "" joins nothing (substitute)
		}
		return Origins{a}
	})
}

func (nonEmptyRule) returnValue(_ ruleContext, b *ssa.BasicBlock, _ ssa.Value, v Origins) (Origins, bool) {
	fn := b.Parent()
	var only []int // the parameters b runs only where they are not ""
	for i, p := range fn.Params {
		if nonEmptyIn(b, p) {
			only = append(only, i)
		}
	}
	if len(only) == 0 {
		return nil, false
	}
	key := funcKey(fn)
	return v.Map(func(a Origin) Origins {
		if a.Kind == Param && a.Key == key && slices.Contains(only, a.Index) {
			a.SetFlag(lattice.NonEmptyOnly, true)
		}
		return Origins{a}
	}), true
}

func (nonEmptyRule) siteReq(_ ruleContext, instr ssa.Instruction, arg ssa.Value, r Req) Req {
	if r.Tags.Flag(lattice.ReqNamedBelow) && nonEmptyIn(instr.Block(), arg) {
		r.Tags.SetFlag(lattice.ReqNamedBelow, false)
	}
	return r
}

// nonEmptyIn reports whether block b runs only where v is not "": a
// condition that says so holds there, on v or on the value v cleans
// (filepath.Clean(dir) where dir != "").
func nonEmptyIn(b *ssa.BasicBlock, v ssa.Value) bool {
	for b != nil && v != nil {
		if holdsWhere(b, func(c cond) bool { return c.isEmptyTest(v, false) }) {
			return true
		}
		call, ok := v.(*ssa.Call)
		if !ok || len(call.Call.Args) != 1 {
			return false
		}
		fn := call.Call.StaticCallee()
		if fn == nil || !knowledge.Is(funcKey(fn), knowledge.Identity) {
			return false
		}
		v = call.Call.Args[0]
	}
	return false
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
