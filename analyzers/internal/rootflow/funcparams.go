package rootflow

import (
	"go/types"

	"github.com/staterootlint/staterootlint/analyzers/internal/lattice"
	"github.com/staterootlint/staterootlint/analyzers/internal/rootflow/code"
	"golang.org/x/tools/go/ssa"
)

// sites returns the package's call sites, built on first use.
func (ix *index) sites() *callSites {
	if ix.calls != nil {
		return ix.calls
	}
	cs := &callSites{calls: map[*ssa.Function][]*ssa.CallCommon{}, escaped: map[types.Object]bool{}, ifaceMethods: map[string]bool{}}
	seenTypes := map[types.Type]bool{}
	var ops []*ssa.Value
	for _, fn := range ix.funcs {
		for _, b := range fn.Blocks {
			for _, instr := range b.Instrs {
				var callValue ssa.Value
				if call, ok := instr.(ssa.CallInstruction); ok {
					common := call.Common()
					if callee := common.StaticCallee(); callee != nil && !common.IsInvoke() {
						cs.calls[code.Origin(callee)] = append(cs.calls[code.Origin(callee)], common)
						callValue = common.Value
					}
				}
				if mi, ok := instr.(*ssa.MakeInterface); ok && !seenTypes[mi.X.Type()] {
					seenTypes[mi.X.Type()] = true
					ms := types.NewMethodSet(mi.X.Type())
					for i := range ms.Len() {
						if m := ms.At(i).Obj(); !m.Exported() {
							cs.ifaceMethods[m.Name()] = true
						}
					}
				}
				for _, op := range instr.Operands(ops[:0]) {
					if f, ok := (*op).(*ssa.Function); ok && *op != callValue && f.Object() != nil {
						cs.escaped[f.Object()] = true // a func value, a method value or expression
					}
				}
			}
		}
	}
	ix.calls = cs
	return cs
}

// paramFuncs returns the function values parameter a (a Param origin)
// receives at the call sites of its function, and false when they are not
// all in sight or one is not a function value the analysis knows.
func (e *engine) paramFuncs(a Origin, depth int) (Origins, bool) {
	fn := e.byKey[a.Key]
	if fn == nil || depth > maxResolve || fn.Parent() != nil || !e.local(fn) {
		return nil, false
	}
	obj, ok := fn.Object().(*types.Func)
	if !ok || obj.Exported() {
		return nil, false
	}
	cs := e.sites()
	if cs.escaped[obj] || fn.Signature.Recv() != nil && cs.ifaceMethods[obj.Name()] || len(cs.calls[fn]) == 0 {
		return nil, false // a function nobody here calls is checked for any value
	}
	var out []Origins
	for _, common := range cs.calls[fn] {
		if a.Index >= len(common.Args) {
			return nil, false
		}
		for _, v := range e.eval(common.Args[a.Index]) {
			switch v.Kind {
			case Func, Cell:
				out = append(out, Origins{v})
			case Param:
				more, ok := e.paramFuncs(v, depth+1)
				if !ok {
					return nil, false
				}
				out = append(out, more)
			default:
				return nil, false
			}
		}
	}
	return lattice.Union(out...), true
}

// funcValues replaces the Param origins of a called func value by the
// function values its callers pass (paramFuncs), where they are all in
// sight; the others stay.
func (e *engine) funcValues(v Origins) Origins {
	if !v.Has(Param) {
		return v
	}
	return v.Map(func(a Origin) Origins {
		if a.Kind != Param {
			return Origins{a}
		}
		if fs, found := e.paramFuncs(a, 0); found {
			return fs
		}
		return Origins{a}
	})
}
