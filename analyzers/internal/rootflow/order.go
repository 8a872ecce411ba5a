package rootflow

import (
	"github.com/staterootlint/staterootlint/analyzers/internal/rootflow/code"
	"golang.org/x/tools/go/ssa"
)

// components returns the strongly connected components of the package's
// functions in callee-first order, so each function's summary is computed
// after those of the functions it calls: a chain of helpers converges in
// one pass however deep it is, and only recursion needs rounds.
//
// The edges are conservative: a function depends on every function of the
// package it calls, closes over or mentions as a value.
func (ix *index) components() []component {
	return ix.comps
}

// computeComponents is components, computed.
func (e *engine) computeComponents() []component {
	local := map[*ssa.Function]bool{}
	for _, fn := range e.funcs {
		local[fn] = true
	}
	edges := func(fn *ssa.Function) []*ssa.Function {
		var out []*ssa.Function
		add := func(v ssa.Value) {
			if f, ok := v.(*ssa.Function); ok {
				if f = code.Origin(f); local[f] {
					out = append(out, f)
				}
			}
			if mc, ok := v.(*ssa.MakeClosure); ok {
				if f := mc.Fn.(*ssa.Function); local[f] {
					out = append(out, f)
				}
			}
		}
		var operands []*ssa.Value
		for _, b := range fn.Blocks {
			for _, instr := range b.Instrs {
				if call, ok := instr.(ssa.CallInstruction); ok && call.Common().IsInvoke() {
					for _, t := range e.dispatch(call.Common()) {
						if t.fn != nil && local[t.fn] {
							out = append(out, t.fn)
						}
					}
				}
				for _, op := range instr.Operands(operands[:0]) {
					if op != nil && *op != nil {
						add(*op)
					}
				}
			}
		}
		return out
	}

	// Tarjan's algorithm; it emits components callee-first.
	var (
		out     []component
		stack   []*ssa.Function
		onStack = map[*ssa.Function]bool{}
		index   = map[*ssa.Function]int{}
		low     = map[*ssa.Function]int{}
		self    = map[*ssa.Function]bool{}
	)
	var visit func(fn *ssa.Function)
	visit = func(fn *ssa.Function) {
		index[fn] = len(index)
		low[fn] = index[fn]
		stack = append(stack, fn)
		onStack[fn] = true
		for _, callee := range edges(fn) {
			if callee == fn {
				self[fn] = true
			}
			if _, seen := index[callee]; !seen {
				visit(callee)
				low[fn] = min(low[fn], low[callee])
			} else if onStack[callee] {
				low[fn] = min(low[fn], index[callee])
			}
		}
		if low[fn] != index[fn] {
			return
		}
		var c component
		for {
			top := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			onStack[top] = false
			c.funcs = append(c.funcs, top)
			if top == fn {
				break
			}
		}
		c.recursive = len(c.funcs) > 1 || self[fn]
		out = append(out, c)
	}
	for _, fn := range e.funcs {
		if _, seen := index[fn]; !seen {
			visit(fn)
		}
	}
	return out
}
