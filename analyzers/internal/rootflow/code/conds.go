package code

import (
	"fmt"
	"go/constant"
	"go/token"
	"iter"

	"github.com/staterootlint/staterootlint/analyzers/internal/knowledge"
	"golang.org/x/tools/go/ssa"
)

// Branch conditions are decoded here and nowhere else, as x/tools nilness
// does: the If that ends a block is read once into a Cond, and the engine
// and its rules ask which conds hold where a block runs or along an edge.

// CondKind says what a decoded branch condition tests.
type CondKind uint8

const (
	CondOther  CondKind = iota // anything else: a boolean value (a flag), a call
	CondCmp                    // x == y or x != y
	CondCall                   // f(x): a call of one argument, IsAbs when f is filepath.IsAbs, path.IsAbs or a wrapper (isAbsTest)
	CondPrefix                 // x starts with str: strings.HasPrefix(x, "s") or x[:n] == "s"
	CondSuffix                 // x ends with str: strings.HasSuffix(x, "s")
)

// Cond is a branch condition and whether it holds where it is considered.
type Cond struct {
	Kind CondKind
	// X is the value the condition is about: the call's argument, or, for
	// a comparison with a constant string, the other operand (for
	// CondPrefix and CondSuffix, the string whose end is tested).
	X ssa.Value
	// Str is the constant string a comparison is with (isStr says there
	// is one).
	Str   string
	IsStr bool
	// Cmp is the comparison (condCmp), for rules that read its operands.
	Cmp *ssa.BinOp
	// Value is the condition as a value (the If's operand).
	Value ssa.Value
	// Holds says the condition is true there: for condCmp, the operands
	// are equal (whatever the operator), for condCall that f(x) is true,
	// for condOther that the value is true.
	Holds bool
	// Callee is condCall's function, when static.
	Callee *ssa.Function
}

// BranchCond decodes the If that ends block b, as the condition that holds
// on its first successor; ok is false when b does not end with an If.
func BranchCond(b *ssa.BasicBlock) (c Cond, ok bool) {
	branch, isIf := b.Instrs[len(b.Instrs)-1].(*ssa.If)
	if !isIf {
		return Cond{}, false
	}
	c = Cond{Value: branch.Cond, Holds: true}
	switch v := branch.Cond.(type) {
	case *ssa.BinOp:
		if v.Op == token.EQL || v.Op == token.NEQ {
			c.Kind, c.Cmp, c.Holds = CondCmp, v, v.Op == token.EQL
			c.X, c.Str, c.IsStr = comparedTo(v)
			if sl, ok := c.X.(*ssa.Slice); ok && c.IsStr && (sl.Low == nil || IsZero(sl.Low)) {
				c.Kind, c.X = CondPrefix, sl.X // x[:n] == "s"
			}
			return c, true
		}
	case *ssa.UnOp:
		if call, ok := v.X.(*ssa.Call); ok && v.Op == token.NOT {
			if kind, x, str, ok := endTest(call); ok {
				c.Kind, c.X, c.Str, c.IsStr, c.Holds = kind, x, str, true, false
				return c, true
			}
			if len(call.Call.Args) == 1 {
				c.Kind, c.X, c.Callee, c.Holds = CondCall, call.Call.Args[0], call.Call.StaticCallee(), false
				return c, true
			}
		}
	case *ssa.Call:
		if kind, x, str, ok := endTest(v); ok {
			c.Kind, c.X, c.Str, c.IsStr = kind, x, str, true
			return c, true
		}
		if len(v.Call.Args) == 1 {
			c.Kind, c.X, c.Callee = CondCall, v.Call.Args[0], v.Call.StaticCallee()
			return c, true
		}
	}
	return c, true
}

// endTest decodes a call of a prefix or a suffix check of the knowledge
// table (strings.HasPrefix(x, "s"), strings.HasSuffix(x, "s")) with a
// constant argument: CondPrefix or CondSuffix.
func endTest(call *ssa.Call) (kind CondKind, x ssa.Value, str string, ok bool) {
	fn := call.Call.StaticCallee()
	if fn == nil || len(call.Call.Args) != 2 {
		return CondOther, nil, "", false
	}
	switch key := FuncKey(fn); {
	case knowledge.Is(key, knowledge.PrefixCheck):
		kind = CondPrefix
	case knowledge.Is(key, knowledge.SuffixCheck):
		kind = CondSuffix
	default:
		return CondOther, nil, "", false
	}
	str, ok = constText(call.Call.Args[1])
	return kind, call.Call.Args[0], str, ok
}

// constText returns the value of a constant string operand, or of
// fmt.Sprintf of a constant format and constant operands
// (fmt.Sprintf("~%c", filepath.Separator)), formatted as the program
// would.
func constText(v ssa.Value) (string, bool) {
	if s, ok := ConstString(v); ok {
		return s, true
	}
	call, ok := v.(*ssa.Call)
	if !ok || len(call.Call.Args) != 2 {
		return "", false
	}
	if fn := call.Call.StaticCallee(); fn == nil || FuncKey(fn) != "fmt.Sprintf" {
		return "", false
	}
	format, ok := ConstString(call.Call.Args[0])
	elems, isSlice := Varargs(call.Call.Args[1])
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

// IsZero reports whether v is the integer constant 0.
func IsZero(v ssa.Value) bool {
	k, ok := ConstInt(v)
	return ok && k == 0
}

// negated is c where it does not hold.
func (c Cond) negated() Cond {
	c.Holds = !c.Holds
	return c
}

// Dominating yields the conditions that hold wherever block b runs,
// innermost first: those of the dominators of b whose branch leads to b
// through one successor only, an edge no other path into b bypasses.
// After the branches of an if meet again, or inside the body of
// "x || y", neither condition holds.
func Dominating(b *ssa.BasicBlock) iter.Seq[Cond] {
	return func(yield func(Cond) bool) {
		for ; b != nil && b.Idom() != nil; b = b.Idom() {
			idom := b.Idom()
			c, ok := BranchCond(idom)
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

// EnteredThrough yields the conditions of the dominators of block b whose
// first successor is entered from the branch alone and leads to b: b runs
// only where they are true, even when the other successor dominates b too
// (a loop's head, whose body an if inside it guards).
func EnteredThrough(b *ssa.BasicBlock) iter.Seq[Cond] {
	return func(yield func(Cond) bool) {
		for d := b; d != nil && d.Idom() != nil; d = d.Idom() {
			idom := d.Idom()
			c, ok := BranchCond(idom)
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

// AlongEdge yields the conditions that hold on the edge from pred into
// succ: pred's own branch when it tells succ apart, then those that hold
// wherever pred runs.
func AlongEdge(pred, succ *ssa.BasicBlock) iter.Seq[Cond] {
	return func(yield func(Cond) bool) {
		if c, ok := BranchCond(pred); ok && pred.Succs[0] != pred.Succs[1] {
			if pred.Succs[0] != succ {
				c = c.negated()
			}
			if !yield(c) {
				return
			}
		}
		for c := range Dominating(pred) {
			if !yield(c) {
				return
			}
		}
	}
}

// HoldsWhere reports whether a condition test accepts holds wherever
// block b runs: one of the conditions dominating b does, or, at b or a
// dominator of it entered from several blocks, one on every edge into it
// does (the body of "x == a || y", where each side says what test asks).
func HoldsWhere(b *ssa.BasicBlock, test func(Cond) bool) bool {
	if AnyCond(Dominating(b), test) {
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
func everyEdge(d *ssa.BasicBlock, test func(Cond) bool) bool {
	for _, p := range d.Preds {
		if !AnyCond(AlongEdge(p, d), test) {
			return false
		}
	}
	return true
}

// AnyCond reports whether one of the conditions seq yields satisfies ok.
func AnyCond(seq iter.Seq[Cond], ok func(Cond) bool) bool {
	for c := range seq {
		if ok(c) {
			return true
		}
	}
	return false
}

// IsEmptyTest reports whether c compares v with "" and says v == "" when
// empty, v != "" otherwise.
func (c Cond) IsEmptyTest(v ssa.Value, empty bool) bool {
	return c.Kind == CondCmp && c.IsStr && c.Str == "" && c.X == v && c.Holds == empty
}

// comparedTo splits a comparison with a constant string (x == "." or
// "." == x) into the other operand and the constant; ok is false when
// neither side is a constant string.
func comparedTo(cmp *ssa.BinOp) (x ssa.Value, s string, ok bool) {
	x, lit := cmp.X, cmp.Y
	if _, isConst := ConstString(x); isConst {
		x, lit = lit, x
	}
	s, ok = ConstString(lit)
	return x, s, ok
}
