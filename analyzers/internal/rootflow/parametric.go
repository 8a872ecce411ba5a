package rootflow

import (
	"go/types"

	"github.com/staterootlint/staterootlint/analyzers/internal/lattice"
	"github.com/staterootlint/staterootlint/analyzers/internal/rootflow/code"
	"golang.org/x/tools/go/ssa"
)

// Parametricity: a generic function can build a value of a type parameter
// T whose constraint has no type terms (any, an interface of methods,
// comparable) only from the values of type T it is given, or T's zero
// value: it cannot convert a string to T, whatever it does inside
// (reflection, a deep copy that rewrites every string through
// reflect.Value). So a call's result of type T, or of a slice of T, keeps
// the origins of the arguments whose declared type is T or a slice of T,
// as a transform that keeps provenance: the summary of the body is not
// needed, and is not consulted (a result of such a type is not a path to
// it: buildssa does not instantiate generics).
//
// The rule is sound enough, not sound: a body may still assert an
// interface value of another type to T (x.(T), reflect's Interface().(T))
// and return that; a function with no argument of type T (Zero[T](),
// From[T](x any)) is left to its summary, and the zero value it may
// return beside the arguments is left out (it is the empty path, which
// fails to write).

// parametric returns the origins of result idx of a call of t when the
// result's declared type is a type parameter T of the callee (or a slice
// of T) with no type terms, and some parameter is of type T or a slice of
// T; ok is false when the rule does not apply.
func (e *engine) parametric(t callee, args []ssa.Value, idx int) (v Origins, ok bool) {
	if t.fn == nil || t.invoke || t.dispatched {
		return nil, false
	}
	sig := code.Origin(t.fn).Signature
	if sig.TypeParams().Len() == 0 || idx >= sig.Results().Len() {
		return nil, false
	}
	tp := elemTypeParam(sig.Results().At(idx).Type())
	if tp == nil || !termless(tp) {
		return nil, false
	}
	params := sig.Params()
	for i := range params.Len() {
		if i < len(args) && elemTypeParam(params.At(i).Type()) == tp {
			v, ok = lattice.Union(v, e.eval(args[i])), true
		}
	}
	return v, ok
}

// elemTypeParam returns the type parameter t is, or t is a slice or array
// of; nil otherwise.
func elemTypeParam(t types.Type) *types.TypeParam {
	for range code.MaxTypeDepth {
		switch u := types.Unalias(t).(type) {
		case *types.TypeParam:
			return u
		case *types.Slice:
			t = u.Elem()
		case *types.Array:
			t = u.Elem()
		default:
			return nil
		}
	}
	return nil
}

// termless reports whether a type parameter's constraint names no types
// (any, methods only, comparable): values of the type parameter cannot be
// made by conversion from another type.
func termless(tp *types.TypeParam) bool {
	if tp.Constraint() == types.Universe.Lookup("comparable").Type() {
		return true
	}
	iface, ok := tp.Constraint().Underlying().(*types.Interface)
	return ok && iface.IsMethodSet()
}
