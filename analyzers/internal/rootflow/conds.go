package rootflow

import (
	"fmt"
	"go/constant"
	"go/token"
	"iter"

	"github.com/staterootlint/staterootlint/analyzers/internal/knowledge"
	"golang.org/x/tools/go/ssa"
)

// Branch conditions are decoded here and nowhere else, as x/tools nilness
// does: the If that ends a block is read once into a cond, and the rules
// ask which conds hold where a block runs or along an edge.

// condKind says what a decoded branch condition tests.
type condKind uint8

const (
	condOther  condKind = iota // anything else: a boolean value (a flag), a call
	condCmp                    // x == y or x != y
	condCall                   // f(x): a call of one argument, IsAbs when f is filepath.IsAbs, path.IsAbs or a wrapper (isAbsTest)
	condPrefix                 // x starts with str: strings.HasPrefix(x, "s") or x[:n] == "s"
)

// cond is a branch condition and whether it holds where it is considered.
type cond struct {
	kind condKind
	// x is the value the condition is about: the call's argument, or, for
	// a comparison with a constant string, the other operand (for
	// condPrefix, the string whose prefix is tested).
	x ssa.Value
	// str is the constant string a comparison is with (isStr says there
	// is one).
	str   string
	isStr bool
	// cmp is the comparison (condCmp), for rules that read its operands.
	cmp *ssa.BinOp
	// value is the condition as a value (the If's operand).
	value ssa.Value
	// holds says the condition is true there: for condCmp, the operands
	// are equal (whatever the operator), for condCall that f(x) is true,
	// for condOther that the value is true.
	holds bool
	// callee is condCall's function, when static.
	callee *ssa.Function
}

// branchCond decodes the If that ends block b, as the condition that holds
// on its first successor; ok is false when b does not end with an If.
func branchCond(b *ssa.BasicBlock) (c cond, ok bool) {
	branch, isIf := b.Instrs[len(b.Instrs)-1].(*ssa.If)
	if !isIf {
		return cond{}, false
	}
	c = cond{value: branch.Cond, holds: true}
	switch v := branch.Cond.(type) {
	case *ssa.BinOp:
		if v.Op == token.EQL || v.Op == token.NEQ {
			c.kind, c.cmp, c.holds = condCmp, v, v.Op == token.EQL
			c.x, c.str, c.isStr = comparedTo(v)
			if sl, ok := c.x.(*ssa.Slice); ok && c.isStr && (sl.Low == nil || isZero(sl.Low)) {
				c.kind, c.x = condPrefix, sl.X // x[:n] == "s"
			}
			return c, true
		}
	case *ssa.UnOp:
		if call, ok := v.X.(*ssa.Call); ok && v.Op == token.NOT {
			if x, str, ok := prefixTest(call); ok {
				c.kind, c.x, c.str, c.isStr, c.holds = condPrefix, x, str, true, false
				return c, true
			}
			if len(call.Call.Args) == 1 {
				c.kind, c.x, c.callee, c.holds = condCall, call.Call.Args[0], call.Call.StaticCallee(), false
				return c, true
			}
		}
	case *ssa.Call:
		if x, str, ok := prefixTest(v); ok {
			c.kind, c.x, c.str, c.isStr = condPrefix, x, str, true
			return c, true
		}
		if len(v.Call.Args) == 1 {
			c.kind, c.x, c.callee = condCall, v.Call.Args[0], v.Call.StaticCallee()
			return c, true
		}
	}
	return c, true
}

// prefixTest decodes a call of a prefix check of the knowledge table
// (strings.HasPrefix(x, "s")) with a constant prefix.
func prefixTest(call *ssa.Call) (x ssa.Value, prefix string, ok bool) {
	fn := call.Call.StaticCallee()
	if fn == nil || len(call.Call.Args) != 2 || !knowledge.Is(funcKey(fn), knowledge.PrefixCheck) {
		return nil, "", false
	}
	prefix, ok = constText(call.Call.Args[1])
	return call.Call.Args[0], prefix, ok
}

// constText returns the value of a constant string operand, or of
// fmt.Sprintf of a constant format and constant operands
// (fmt.Sprintf("~%c", filepath.Separator)), formatted as the program
// would.
func constText(v ssa.Value) (string, bool) {
	if s, ok := constString(v); ok {
		return s, true
	}
	call, ok := v.(*ssa.Call)
	if !ok || len(call.Call.Args) != 2 {
		return "", false
	}
	if fn := call.Call.StaticCallee(); fn == nil || funcKey(fn) != "fmt.Sprintf" {
		return "", false
	}
	format, ok := constString(call.Call.Args[0])
	elems, isSlice := varargs(call.Call.Args[1])
	if !ok || !isSlice {
		return "", false
	}
	args := make([]any, len(elems))
	for i, el := range elems {
		if mi, ok := el.(*ssa.MakeInterface); ok {
			el = mi.X
		}
		c, ok := el.(*ssa.Const)
		if !ok || c.Value == nil {
			return "", false
		}
		switch c.Value.Kind() {
		case constant.String:
			args[i] = constant.StringVal(c.Value)
		case constant.Int:
			n, exact := constant.Int64Val(c.Value)
			if !exact {
				return "", false
			}
			args[i] = n
		case constant.Bool:
			args[i] = constant.BoolVal(c.Value)
		default:
			return "", false
		}
	}
	return fmt.Sprintf(format, args...), true
}

// isZero reports whether v is the integer constant 0.
func isZero(v ssa.Value) bool {
	k, ok := constInt(v)
	return ok && k == 0
}

// negated is c where it does not hold.
func (c cond) negated() cond {
	c.holds = !c.holds
	return c
}

// dominating yields the conditions that hold wherever block b runs,
// innermost first: those of the dominators of b whose branch leads to b
// through one successor only, an edge no other path into b bypasses.
// After the branches of an if meet again, or inside the body of
// "x || y", neither condition holds.
func dominating(b *ssa.BasicBlock) iter.Seq[cond] {
	return func(yield func(cond) bool) {
		for ; b != nil && b.Idom() != nil; b = b.Idom() {
			idom := b.Idom()
			c, ok := branchCond(idom)
			if !ok {
				continue
			}
			then, els := edgeDominates(idom, idom.Succs[0], b), edgeDominates(idom, idom.Succs[1], b)
			if then == els {
				continue
			}
			if els {
				c = c.negated()
			}
			if !yield(c) {
				return
			}
		}
	}
}

// edgeDominates reports whether every path into block b takes the edge
// from pred to its successor succ: succ dominates b and is entered from
// pred alone, or else from blocks it dominates itself (a loop's back
// edges).
func edgeDominates(pred, succ, b *ssa.BasicBlock) bool {
	if pred.Succs[0] == pred.Succs[1] || !succ.Dominates(b) {
		return false
	}
	for _, p := range succ.Preds {
		if p != pred && !succ.Dominates(p) {
			return false
		}
	}
	return true
}

// enteredThrough yields the conditions of the dominators of block b whose
// first successor is entered from the branch alone and leads to b: b runs
// only where they are true, even when the other successor dominates b too
// (a loop's head, whose body an if inside it guards).
func enteredThrough(b *ssa.BasicBlock) iter.Seq[cond] {
	return func(yield func(cond) bool) {
		for d := b; d != nil && d.Idom() != nil; d = d.Idom() {
			idom := d.Idom()
			c, ok := branchCond(idom)
			if !ok {
				continue
			}
			if then := idom.Succs[0]; len(then.Preds) != 1 || !then.Dominates(b) {
				continue
			}
			if !yield(c) {
				return
			}
		}
	}
}

// alongEdge yields the conditions that hold on the edge from pred into
// succ: pred's own branch when it tells succ apart, then those that hold
// wherever pred runs.
func alongEdge(pred, succ *ssa.BasicBlock) iter.Seq[cond] {
	return func(yield func(cond) bool) {
		if c, ok := branchCond(pred); ok && pred.Succs[0] != pred.Succs[1] {
			if pred.Succs[0] != succ {
				c = c.negated()
			}
			if !yield(c) {
				return
			}
		}
		for c := range dominating(pred) {
			if !yield(c) {
				return
			}
		}
	}
}

// holdsWhere reports whether a condition test accepts holds wherever
// block b runs: one of the conditions dominating b does, or, at b or a
// dominator of it entered from several blocks, one on every edge into it
// does (the body of "x == a || y", where each side says what test asks).
func holdsWhere(b *ssa.BasicBlock, test func(cond) bool) bool {
	if anyCond(dominating(b), test) {
		return true
	}
	for d := b; d != nil; d = d.Idom() {
		if len(d.Preds) > 1 && everyEdge(d, test) {
			return true
		}
	}
	return false
}

// everyEdge reports whether on every edge into block d a condition
// holds that test accepts.
func everyEdge(d *ssa.BasicBlock, test func(cond) bool) bool {
	for _, p := range d.Preds {
		if !anyCond(alongEdge(p, d), test) {
			return false
		}
	}
	return true
}

// anyCond reports whether one of the conditions seq yields satisfies ok.
func anyCond(seq iter.Seq[cond], ok func(cond) bool) bool {
	for c := range seq {
		if ok(c) {
			return true
		}
	}
	return false
}

// isEmptyTest reports whether c compares v with "" and says v == "" when
// empty, v != "" otherwise.
func (c cond) isEmptyTest(v ssa.Value, empty bool) bool {
	return c.kind == condCmp && c.isStr && c.str == "" && c.x == v && c.holds == empty
}

// isAbsTest reports whether c says IsAbs(v): filepath.IsAbs, path.IsAbs
// or a wrapper (abswrap.go), asked only of a call on v.
func (e *engine) isAbsTest(c cond, v ssa.Value) bool {
	return c.kind == condCall && c.x == v && c.holds && c.callee != nil && e.isAbsCheck(c.callee)
}
