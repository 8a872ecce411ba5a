// Package code reads the analyzed program's SSA form, as staticcheck's
// analysis/code answers structural questions about Go code: the keys that
// name functions and fields across packages, constants, the path patterns
// of constant elements, branch conditions (decoded here and nowhere else),
// the types that carry paths. Plain functions of SSA and types, no engine
// state; the engine and its rules share them.
package code

import (
	"go/constant"
	"go/types"

	"golang.org/x/tools/go/ssa"
)

// BlockOf returns the block of the instruction that computes v, or nil.
func BlockOf(v ssa.Value) *ssa.BasicBlock {
	if in, ok := v.(ssa.Instruction); ok {
		return in.Block()
	}
	return nil
}

// Varargs returns the elements of a variadic argument built by the
// compiler (a slice of a fresh array with constant-index stores).
func Varargs(slice ssa.Value) ([]ssa.Value, bool) {
	if c, ok := slice.(*ssa.Const); ok && c.IsNil() {
		return nil, true
	}
	s, ok := slice.(*ssa.Slice)
	if !ok {
		return nil, false
	}
	arr, ok := s.X.(*ssa.Alloc)
	if !ok {
		return nil, false
	}
	at, ok := arr.Type().Underlying().(*types.Pointer).Elem().Underlying().(*types.Array)
	if !ok {
		return nil, false
	}
	n := int(at.Len())
	elems := make([]ssa.Value, n)
	for _, ref := range *arr.Referrers() {
		ia, ok := ref.(*ssa.IndexAddr)
		if !ok {
			continue
		}
		c, ok := ia.Index.(*ssa.Const)
		if !ok {
			return nil, false
		}
		i, _ := constant.Int64Val(c.Value)
		for _, r := range *ia.Referrers() {
			if st, ok := r.(*ssa.Store); ok && st.Addr == ia && int(i) < n {
				elems[i] = st.Val
			}
		}
	}
	for _, el := range elems {
		if el == nil {
			return nil, false
		}
	}
	return elems, true
}

// ConstString returns the value of a constant string operand, looking
// through conversions and interface boxing.
func ConstString(v ssa.Value) (string, bool) {
	if x, ok := Unconvert(v).(*ssa.Const); ok && x.Value != nil && x.Value.Kind() == constant.String {
		return constant.StringVal(x.Value), true
	}
	return "", false
}

// ConstInt returns the value of a constant integer operand.
func ConstInt(v ssa.Value) (int64, bool) {
	c, ok := v.(*ssa.Const)
	if !ok || c.Value == nil || c.Value.Kind() != constant.Int {
		return 0, false
	}
	return constant.Int64Val(c.Value)
}

// Returns lists fn's return instructions, one per block that ends in one
// (the recover block's among them: callers that must not see what a
// deferred recover left skip ret.Block() == fn.Recover), except in
// blocks that never run (neverRuns).
func Returns(fn *ssa.Function) []*ssa.Return {
	var out []*ssa.Return
	for _, b := range fn.Blocks {
		if ret, ok := b.Instrs[len(b.Instrs)-1].(*ssa.Return); ok && !neverRuns(b) {
			out = append(out, ret)
		}
	}
	return out
}

// neverRuns reports whether block b runs on no platform the analysis
// builds for: a condition that holds wherever b runs is a constant
// that says otherwise (if runtime.GOOS == "windows" { ... } elsewhere;
// go/ssa keeps the branch).
func neverRuns(b *ssa.BasicBlock) bool {
	for c := range Dominating(b) {
		if k, ok := c.Value.(*ssa.Const); ok && k.Value != nil && k.Value.Kind() == constant.Bool && constant.BoolVal(k.Value) != c.Holds {
			return true
		}
	}
	return false
}

// DeadEdge reports whether the edge from block pred into block to is
// never taken: pred never runs, or it branches on a constant that leads
// elsewhere.
func DeadEdge(pred, to *ssa.BasicBlock) bool {
	if neverRuns(pred) {
		return true
	}
	branch, ok := pred.Instrs[len(pred.Instrs)-1].(*ssa.If)
	if !ok {
		return false
	}
	k, ok := branch.Cond.(*ssa.Const)
	if !ok || k.Value == nil || k.Value.Kind() != constant.Bool || pred.Succs[0] == pred.Succs[1] {
		return false
	}
	taken := pred.Succs[1]
	if constant.BoolVal(k.Value) {
		taken = pred.Succs[0]
	}
	return to != taken
}

// Unconvert strips the conversions that keep a value's origins.
func Unconvert(v ssa.Value) ssa.Value {
	for {
		switch c := v.(type) {
		case *ssa.ChangeType:
			v = c.X
		case *ssa.Convert:
			v = c.X
		case *ssa.MakeInterface:
			v = c.X
		default:
			return v
		}
	}
}
