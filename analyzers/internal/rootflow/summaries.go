package rootflow

import (
	"fmt"
	"go/types"
	"slices"

	"github.com/staterootlint/staterootlint/analyzers/internal/lattice"
	"github.com/staterootlint/staterootlint/analyzers/internal/rootflow/code"
	"golang.org/x/tools/go/ssa"
)

// summarize computes the result summaries of the package's functions to a
// fixpoint. Functions are visited callee-first (components), so a chain of
// helpers of any depth converges in one pass and only recursion iterates;
// then whole-package rounds settle what crosses functions without a call
// (stores into fields, captured variables). Values only grow, and patterns
// and sets are bounded; where the rounds still run out, the results that
// kept changing gain an origin saying the analysis gave up (CauseLimit),
// so the limit shows in findings instead of hiding them.
func (e *engine) summarize() {
	e.resetMemo()
	for _, c := range e.components() {
		if !c.recursive {
			e.results[c.funcs[0]] = e.computeResults(c.funcs[0])
			continue
		}
		e.converge(c.funcs)
	}
	e.converge(e.funcs)
}

// converge recomputes the summaries of fns until none changes, widening
// after the first rounds; when maxSummaryRounds run out, it marks the
// results still changing as given up.
func (e *engine) converge(fns []*ssa.Function) {
	for round := 0; ; round++ {
		e.resetMemo()
		var changed []*ssa.Function
		for _, fn := range fns {
			r, old := e.computeResults(fn), e.results[fn]
			if round >= widenAfterRounds {
				r = widenNew(r, old)
			}
			if !sameResults(r, old) {
				e.results[fn] = r
				changed = append(changed, fn)
			}
		}
		if len(changed) == 0 {
			return
		}
		if round+1 == maxSummaryRounds {
			for _, fn := range changed {
				e.giveUp(fn)
			}
			return
		}
	}
}

// giveUp adds to fn's path results an origin saying the analysis stopped
// before its summary converged.
func (e *engine) giveUp(fn *ssa.Function) {
	limit := Origin{Kind: Bad, Why: fmt.Sprintf("a path the analysis gave up on: the summary of %s did not converge in %d rounds", lattice.ShortName(code.FuncKey(fn)), maxSummaryRounds), Cause: CauseLimit, At: e.At(fn.Pos())}
	r := slices.Clone(e.results[fn])
	for i := range r {
		if r[i] != nil {
			r[i] = lattice.Union(r[i], Origins{limit})
		}
	}
	e.results[fn] = r
}

// sameResults reports whether two summaries of a function are equal.
func sameResults(a, b []Origins) bool {
	return slices.EqualFunc(a, b, Origins.Equal)
}

// computeResults returns the origins of fn's path-typed results, ignoring
// zero values returned beside a non-nil error.
func (e *engine) computeResults(fn *ssa.Function) []Origins {
	results := fn.Signature.Results()
	n := results.Len()
	if n == 0 || len(fn.Blocks) == 0 {
		return nil
	}
	carries := make([]bool, n)
	carriesAny := false
	for i := range n {
		carries[i] = code.IsPathType(results.At(i).Type())
		carriesAny = carriesAny || carries[i]
	}
	if !carriesAny {
		return nil
	}
	errLast := isError(results.At(n - 1).Type())
	out := make([]Origins, n)
	for _, ret := range code.Returns(fn) {
		b := ret.Block()
		if b == fn.Recover {
			// The recover block returns what a deferred recover left,
			// only after a panic: not a path this function computes.
			continue
		}
		failing := errLast && !isNilConst(ret.Results[n-1]) || onErrorPath(b)
		for i, r := range ret.Results {
			if !carries[i] || (failing && isZeroConst(r)) {
				continue
			}
			v := e.hooks.returnValue(e.rules, b, r)
			if failing {
				// An empty path beside an error that may be non-nil is
				// the zero value of a failure path (return "", err, or a
				// named result still zero when a defer sets err).
				v = v.Without(Empty)
			}
			out[i] = lattice.Union(out[i], v)
		}
	}
	for i := range out {
		if carries[i] && out[i] == nil {
			out[i] = Origins{} // carries paths, none found: distinct from "not a path"
		}
	}
	return out
}

// onErrorPath reports whether block b runs only after a check found an
// error (`if err != nil { return "" }`): what it returns is a failure
// path's zero value even without an error result.
func onErrorPath(b *ssa.BasicBlock) bool {
	for c := range code.Dominating(b) {
		if c.Kind == code.CondCmp && !c.Holds && isNilConst(c.Cmp.Y) && isError(c.Cmp.X.Type()) {
			return true
		}
	}
	return false
}

func isError(t types.Type) bool {
	return types.Identical(t, types.Universe.Lookup("error").Type())
}

func isNilConst(v ssa.Value) bool {
	c, ok := v.(*ssa.Const)
	return ok && c.IsNil()
}

func isZeroConst(v ssa.Value) bool {
	c, ok := v.(*ssa.Const)
	if !ok {
		return false
	}
	if c.Value == nil {
		return true
	}
	s, isConst := code.ConstString(c)
	return isConst && s == ""
}

// importable reports whether another package may ask for fn's summary:
// not for a method with an unexported name, which is called only inside
// its package (an interface naming it is declared there too, and a
// promoted copy cannot be named elsewhere), unless the package takes its
// value (x.m, T.m), which a func value can carry anywhere. Its summary
// would be encoded, and under go vet decoded and encoded again by every
// importer above, for no one.
func (e *engine) importable(fn *types.Func) bool {
	if fn.Exported() || fn.Type().(*types.Signature).Recv() == nil {
		return true
	}
	if e.methodValues == nil {
		e.methodValues = map[*types.Func]bool{}
		var ops []*ssa.Value
		for _, f := range e.funcs {
			for _, b := range f.Blocks {
				for _, instr := range b.Instrs {
					var callee *ssa.Value
					if call, ok := instr.(ssa.CallInstruction); ok {
						callee = &call.Common().Value
					}
					for _, op := range instr.Operands(ops[:0]) {
						if g, ok := (*op).(*ssa.Function); ok && op != callee {
							if m, ok := g.Object().(*types.Func); ok {
								e.methodValues[m] = true
							}
						}
					}
				}
			}
		}
	}
	return e.methodValues[fn]
}
