package rootflow

import (
	"github.com/staterootlint/staterootlint/analyzers/internal/knowledge"
	"github.com/staterootlint/staterootlint/analyzers/internal/rootflow/code"
	"golang.org/x/tools/go/ssa"
)

// Wrappers of IsAbs: a function of one path whose every result is
// IsAbs of that path (filepath.IsAbs, path.IsAbs or another wrapper) or
// a constant is an IsAbs of its own, and guards a join like the
// original (rules/absguard.go). Its author decides which paths count as
// absolute: a constant true beside the check (`if isPlaceholder(p)
// { return true }`, a path its caller expands to an absolute one later)
// is part of its definition. A negation (!filepath.IsAbs(p)) or a check
// of another value is not a wrapper. Functions of other packages are
// known by their facts (FuncFact.AbsCheck).

// isAbsCheck reports whether a call of fn on a path tells whether that
// path is absolute: a function of the knowledge table, or a wrapper.
func (e *engine) isAbsCheck(fn *ssa.Function) bool {
	if fn.Name() == "IsAbs" && knowledge.Is(code.FuncKey(fn), knowledge.AbsCheck) {
		return true // (the name first: funcKey builds a string)
	}
	if !e.local(fn) {
		f := e.summary(callee{fn: fn, key: code.FuncKey(fn)})
		return f != nil && f.AbsCheck
	}
	if wrapper, ok := e.absWrappers[fn]; ok {
		return wrapper
	}
	if e.absWrappers == nil {
		e.absWrappers = map[*ssa.Function]bool{}
	}
	e.absWrappers[fn] = false // recursion: not (yet) a wrapper
	wrapper := absWrapperShape(fn) && e.returnsAbsCheck(fn)
	e.absWrappers[fn] = wrapper
	return wrapper
}

// absWrapperShape reports whether fn takes one string and returns one
// bool.
func absWrapperShape(fn *ssa.Function) bool {
	sig := fn.Signature
	if sig.Recv() != nil || sig.Params().Len() != 1 || sig.Results().Len() != 1 || len(fn.Blocks) == 0 {
		return false
	}
	if !code.IsPathType(sig.Params().At(0).Type()) || code.IsPathType(sig.Results().At(0).Type()) {
		return false
	}
	return sig.Results().At(0).Type().String() == "bool"
}

// returnsAbsCheck reports whether every result fn returns is a constant
// or an IsAbs of its parameter, and one at least is the latter.
func (e *engine) returnsAbsCheck(fn *ssa.Function) bool {
	checks := false
	var visit func(v ssa.Value, seen map[*ssa.Phi]bool) bool
	visit = func(v ssa.Value, seen map[*ssa.Phi]bool) bool {
		switch v := v.(type) {
		case *ssa.Const:
			return true
		case *ssa.Phi:
			if seen[v] {
				return true
			}
			seen[v] = true
			for _, edge := range v.Edges {
				if !visit(edge, seen) {
					return false
				}
			}
			return true
		case *ssa.Call:
			callee := v.Call.StaticCallee()
			if callee == nil || len(v.Call.Args) != 1 || v.Call.Args[0] != fn.Params[0] || !e.isAbsCheck(callee) {
				return false
			}
			checks = true
			return true
		}
		return false
	}
	for _, ret := range code.Returns(fn) {
		if ret.Block() == fn.Recover {
			continue
		}
		if !visit(ret.Results[0], map[*ssa.Phi]bool{}) {
			return false
		}
	}
	return checks
}

// isAbsTest reports whether c says IsAbs(v): filepath.IsAbs, path.IsAbs
// or a wrapper (abswrap.go), asked only of a call on v.
func (e *engine) isAbsTest(c code.Cond, v ssa.Value) bool {
	return c.Kind == code.CondCall && c.X == v && c.Holds && c.Callee != nil && e.isAbsCheck(c.Callee)
}
