package hook

import (
	"go/token"
	"go/types"

	"github.com/staterootlint/staterootlint/analyzers/internal/lattice"
	"golang.org/x/tools/go/ssa"
)

// FreshStore reports whether a store site is into a new object's field:
// one the objects' requirements follow (Req.Aliased).
func FreshStore(s StoreSite) bool {
	fa, ok := s.Addr.(*ssa.FieldAddr)
	if !ok {
		return false
	}
	_, fresh := fa.X.(*ssa.Alloc)
	return fresh
}

// DispatchSite is an interface method an invoke call names, with what
// the analysis knows of where the call's receiver comes from.
type DispatchSite struct {
	Method *types.Func
	// Iface is the receiver's interface type: interfaces that embed
	// another share its method objects (io.ReadCloser's Close is
	// io.Closer's), not its implementations.
	Iface types.Type
	// CallerChosen: the receiver is a parameter of a function that may
	// be called where the package does not see (an exported function or
	// method, a function literal, a function used as a value), so its
	// dynamic type is the caller's choice.
	CallerChosen bool
}

// StoreSite is a store in this package into a field or package variable;
// Val is nil for a flag binding (a user-chosen value).
type StoreSite struct {
	Pos  token.Pos
	Val  ssa.Value
	Fn   *ssa.Function
	Addr ssa.Value             // the address stored into, for an assignment
	Via  []ssa.CallInstruction // the constructors that returned the object stored into (rules/embeddedbase.go)
	// Fill, when not nil, is what a library that fills the field by
	// reflection stores (rules/reflectfilled.go); it is checked where a
	// write requires the field, the program showing no store.
	Fill lattice.Origins
}

// AnyKey is the key MapRule.MapElem is asked at for an element at a key the
// analysis does not know.
const AnyKey = ""

// Callee is a resolved target of a call, as a rule sees it.
type Callee interface {
	// Func is the static callee, nil for a dynamic call and another
	// package's method.
	Func() *ssa.Function
	// Invoke reports an interface method no implementation was found for.
	Invoke() bool
}
