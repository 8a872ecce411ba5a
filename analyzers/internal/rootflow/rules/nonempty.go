package rules

import (
	"go/token"
	"slices"

	"github.com/staterootlint/staterootlint/analyzers/internal/knowledge"
	"github.com/staterootlint/staterootlint/analyzers/internal/lattice"
	"github.com/staterootlint/staterootlint/analyzers/internal/rootflow/code"
	"github.com/staterootlint/staterootlint/analyzers/internal/rootflow/hook"
	"golang.org/x/tools/go/ssa"
)

// listedBelow reports whether the elements of rest the pattern does not
// spell are all names of entries a listing of first returned
// (e.Name() for e ranging over os.ReadDir(first)), and there is one.
func listedBelow(first ssa.Value, rest []ssa.Value) bool {
	found := false
	for _, el := range rest {
		if _, isConst := code.ConstString(el); isConst {
			continue
		}
		if !entryNameOf(el, first) {
			return false
		}
		found = true
	}
	return found
}

// entryNameOf reports whether v is the Name of an element of the slice a
// listing of dir returned (knowledge.Lists).
func entryNameOf(v, dir ssa.Value) bool {
	call, ok := v.(*ssa.Call)
	if !ok {
		return false
	}
	var entry ssa.Value
	switch fn := call.Call.StaticCallee(); {
	case call.Call.IsInvoke() && call.Call.Method.Name() == "Name":
		entry = call.Call.Value
	case fn != nil && fn.Name() == "Name" && fn.Signature.Recv() != nil && len(call.Call.Args) == 1:
		entry = call.Call.Args[0]
	default:
		return false
	}
	var list ssa.Value
	switch e := entry.(type) {
	case *ssa.UnOp:
		ia, ok := e.X.(*ssa.IndexAddr)
		if !ok || e.Op != token.MUL {
			return false
		}
		list = ia.X
	case *ssa.Index:
		list = e.X
	default:
		return false
	}
	ex, ok := list.(*ssa.Extract)
	if !ok || ex.Index != 0 {
		return false
	}
	lc, ok := ex.Tuple.(*ssa.Call)
	if !ok || len(lc.Call.Args) != 1 || lc.Call.Args[0] != dir {
		return false
	}
	fn := lc.Call.StaticCallee()
	return fn != nil && code.Lookup(code.FuncKey(fn)).Has(knowledge.Lists)
}

// nonEmptyRule: where a branch condition says x != "", x is not the empty
// path. On the edge of a phi taken only there (the branch of `if x == ""
// { x = def }` that kept x), x's empty origin is dropped. A join below x
// that runs only there (`if dir != "" { Join(dir, name) }`) joins nothing
// below an empty x, nor does a join of the entries a listing of x
// returned, since an empty x lists nothing (JoinBase). A call or write that runs only there
// passes no empty x, so no name it joins below x is the path alone
// (SiteReq). A parameter returned where it is not "" (`if dir != "" {
// return search(dir) }`) is returned only then: an empty argument comes
// back as nothing (ReturnValue).
//
// Sound: the branch condition is decoded from the SSA, and the empty
// origin is exactly the value the condition excludes.
type nonEmptyRule struct{}

func (nonEmptyRule) Name() string { return "non-empty" }

func (nonEmptyRule) PhiEdge(ctx hook.Context, phi *ssa.Phi, i int) (lattice.Origins, bool) {
	preds := phi.Block().Preds
	if i >= len(preds) || !nonEmptyEdge(ctx, preds[i], phi.Block(), phi.Edges[i]) {
		return nil, false
	}
	return nonEmpty(ctx.Eval(phi.Edges[i])), true
}

func (nonEmptyRule) JoinBase(_ hook.Context, base lattice.Origins, first ssa.Value, rest []ssa.Value, b *ssa.BasicBlock) lattice.Origins {
	if !nonEmptyIn(b, first) && !listedBelow(first, rest) {
		return base
	}
	return nonEmpty(base).Map(func(a lattice.Origin) lattice.Origins {
		if a.Kind == lattice.Param || a.Kind == lattice.Cell {
			a.SetFlag(lattice.NonEmptyOnly, true) // a binding to "" joins nothing (substitute)
		}
		return lattice.Origins{a}
	})
}

func (nonEmptyRule) ReturnValue(_ hook.Context, b *ssa.BasicBlock, _ ssa.Value, v lattice.Origins) (lattice.Origins, bool) {
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
	key := code.FuncKey(fn)
	return v.Map(func(a lattice.Origin) lattice.Origins {
		if a.Kind == lattice.Param && a.Key == key && slices.Contains(only, a.Index) {
			a.SetFlag(lattice.NonEmptyOnly, true)
		}
		return lattice.Origins{a}
	}), true
}

func (nonEmptyRule) SiteReq(_ hook.Context, instr ssa.Instruction, arg ssa.Value, r lattice.Req) lattice.Req {
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
		if code.HoldsWhere(b, func(c code.Cond) bool { return c.IsEmptyTest(v, false) }) {
			return true
		}
		call, ok := v.(*ssa.Call)
		if !ok || len(call.Call.Args) != 1 {
			return false
		}
		fn := call.Call.StaticCallee()
		if fn == nil || !knowledge.Is(code.FuncKey(fn), knowledge.Identity) {
			return false
		}
		v = call.Call.Args[0]
	}
	return false
}

// nonEmptyEdge reports whether the edge from pred into succ (a phi's) is
// taken only where v != "": pred's own branch on v == "" decides it, or
// pred runs only where v != "".
func nonEmptyEdge(ctx hook.Context, pred, succ *ssa.BasicBlock, v ssa.Value) bool {
	return code.AnyCond(code.AlongEdge(pred, succ), func(c code.Cond) bool { return c.IsEmptyTest(v, false) })
}

// nonEmpty drops the empty origin of a value known not to be "".
func nonEmpty(v lattice.Origins) lattice.Origins {
	return v.Map(func(a lattice.Origin) lattice.Origins {
		if a.Kind == lattice.Empty {
			return nil
		}
		return lattice.Origins{a}
	})
}
