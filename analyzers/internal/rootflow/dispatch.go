package rootflow

import (
	"go/token"
	"go/types"
	"slices"

	"github.com/staterootlint/staterootlint/analyzers/internal/knowledge"
	"github.com/staterootlint/staterootlint/analyzers/internal/rootflow/code"
	"github.com/staterootlint/staterootlint/analyzers/internal/rootflow/hook"
	"golang.org/x/tools/go/ssa"
)

// Interface dispatch: a call through an interface method resolves to the
// implementations the analysis can see, the named types of the package and
// of its dependencies outside the standard library (whose implementations
// the knowledge table models). Results are the union over them. An
// implementation whose parameter reaches a write puts its requirement on
// the interface call site when it is the only implementation in sight, or
// the receiver's type is known at the call; with several, the one that
// writes may not be the one that runs, and the call is not blamed unless
// a rule says the implementation may be the receiver (dispatchBinds). A
// method with more implementations than maxImplementations, or none in
// sight, stays an interface call: its result is a value the analysis
// cannot follow, reported as such.

// dispatch returns the implementations of the interface method an invoke
// call names, as callees whose arguments are the receiver then the
// call's arguments; nil when it has none in sight or too many. With too
// many, the implementations a rule binds the call to (dispatchBinds), if
// few enough, are returned with the unresolved interface method itself.
func (e *engine) dispatch(common *ssa.CallCommon) []callee {
	m := common.Method
	if _, known := knowledge.Lookup(e.fullName(m)); known {
		return nil // modelled by the table (testing.TB.TempDir)
	}
	if mi, ok := common.Value.(*ssa.MakeInterface); ok {
		// The receiver's dynamic type is known at the call: its method.
		if impl := concreteMethod(mi.X.Type(), m); impl != nil {
			key := e.fullName(impl.Origin())
			return []callee{{fn: e.byKey[key], obj: impl.Origin(), key: key, dispatched: true}}
		}
		return nil
	}
	site := hook.DispatchSite{Method: m, Iface: common.Value.Type(), CallerChosen: e.callerChosen(common.Value)}
	if impls, ok := e.impls[site]; ok {
		return impls
	}
	iface, _ := common.Value.Type().Underlying().(*types.Interface)
	var out []callee
	over := false // past maxImplementations: only those a rule binds
	if iface != nil {
		for _, t := range e.implementers(m.Name()) {
			if over && !e.hooks.dispatchBinds(e.rules, m, t, site) {
				continue // asked first: most types are not, and Implements costs
			}
			impl := implementation(t, iface, m)
			if impl == nil {
				continue
			}
			key := e.fullName(impl.Origin())
			out = append(out, callee{fn: e.byKey[key], obj: impl.Origin(), key: key, dispatched: true})
			if !over && len(out) > maxImplementations {
				// Too many to follow: the call stays an interface call
				// (its result a value the analysis cannot follow), and
				// only the implementations a rule binds it to are
				// followed beside it, for what they require.
				over = true
				out = slices.DeleteFunc(out, func(c callee) bool { return !e.hooks.dispatchBinds(e.rules, m, code.NamedOf(recvOf(c.obj)), site) })
			}
		}
	}
	switch {
	case over && (len(out) == 0 || len(out) > maxImplementations):
		out = nil
	case over:
		out = append(out, callee{key: e.fullName(m), invoke: true})
	case len(out) > 1:
		for i := range out {
			out[i].shared = !e.hooks.dispatchBinds(e.rules, m, code.NamedOf(recvOf(out[i].obj)), site)
		}
	}
	e.impls[site] = out
	return out
}

// callerChosen reports whether recv, an invoke call's receiver, is a
// parameter of a function that may be called out of the package's sight.
func (ix *index) callerChosen(recv ssa.Value) bool {
	p := paramOf(recv)
	if p == nil {
		return false
	}
	fn := p.Parent()
	if fn.Parent() != nil || fn.Object() == nil {
		return true // a function literal's, or a wrapper's: called as a value
	}
	if _, isValue := ix.valueFuncs[code.FuncKey(fn)]; isValue {
		return true
	}
	return fn.Object().Exported()
}

// recvOf is the receiver type of method fn.
func recvOf(fn *types.Func) types.Type {
	return fn.Type().(*types.Signature).Recv().Type()
}

// concreteMethod returns the method m names on concrete type t, or nil.
func concreteMethod(t types.Type, m *types.Func) *types.Func {
	if types.IsInterface(t) {
		return nil
	}
	obj, _, _ := types.LookupFieldOrMethod(t, true, m.Pkg(), m.Name())
	fn, _ := obj.(*types.Func)
	return fn
}

// implementation returns the method of t (or *t) that implements m of
// iface, or nil when neither implements iface.
func implementation(t *types.TypeName, iface *types.Interface, m *types.Func) *types.Func {
	named, ok := t.Type().(*types.Named)
	if !ok || named.TypeParams().Len() > 0 || types.IsInterface(named) {
		return nil
	}
	var recv types.Type = named
	if !types.Implements(recv, iface) {
		recv = types.NewPointer(named)
		if !types.Implements(recv, iface) {
			return nil
		}
	}
	obj, _, _ := types.LookupFieldOrMethod(recv, true, m.Pkg(), m.Name())
	fn, _ := obj.(*types.Func)
	return fn
}

// paramOf returns the parameter v is, directly or as the local copy SSA
// keeps of a struct parameter (spilledParam); nil otherwise.
func paramOf(v ssa.Value) *ssa.Parameter {
	switch v := v.(type) {
	case *ssa.Parameter:
		return v
	case *ssa.Alloc:
		return spilledParam(v)
	}
	return nil
}

// spilledParam returns the struct parameter a local variable a is a copy
// of, when a is set once from it and never changed (SSA keeps a struct
// parameter in such a variable when its address is taken to read a field
// or it is passed on); nil otherwise.
func spilledParam(a *ssa.Alloc) *ssa.Parameter {
	var p *ssa.Parameter
	for _, ref := range *a.Referrers() {
		switch ref := ref.(type) {
		case *ssa.Store:
			q, ok := ref.Val.(*ssa.Parameter)
			if !ok || ref.Addr != a || p != nil {
				return nil
			}
			p = q
		case *ssa.FieldAddr:
			for _, use := range *ref.Referrers() {
				if u, ok := use.(*ssa.UnOp); !ok || u.Op != token.MUL {
					return nil // a store into a field, or the address kept
				}
			}
		case *ssa.UnOp:
			if ref.Op != token.MUL {
				return nil
			}
		case *ssa.DebugRef:
		default:
			return nil
		}
	}
	return p
}
