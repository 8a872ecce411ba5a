package rules

import (
	"go/token"
	"go/types"

	"github.com/staterootlint/staterootlint/analyzers/internal/lattice"
	"github.com/staterootlint/staterootlint/analyzers/internal/rootflow/code"
	"github.com/staterootlint/staterootlint/analyzers/internal/rootflow/hook"
	"golang.org/x/tools/go/ssa"
)

// ctorObjectsRule: a field read through a parameter that points to an
// object is the field of the object each caller passes (see below): at a
// call, the callee's Cell origin tagged Of and Obj is resolved to what the
// caller's object holds in that field.
//
// Unsound where the object is changed between the call and the read by
// code the package does not show (another goroutine, a callee in another
// package that stores into the field).
type ctorObjectsRule struct{}

func (ctorObjectsRule) Name() string { return "ctor-objects" }

// ExemptStore: under a requirement that follows new objects to the reads
// that require them (ReqAliased), a store into a new object is checked
// there, not here; unless the object leaves its function as an interface
// value of a type its package does not export (New returning &fileStore{}
// as a Saver): another package's call of its methods cannot name the
// type (its export data may not even hold it), so the object is not
// followed there, and its stores are checked here.
func (ctorObjectsRule) ExemptStore(_ hook.Context, s hook.StoreSite, r lattice.Req) bool {
	return r.Tags.Flag(lattice.ReqAliased) && hook.FreshStore(s) && !hiddenResult(s.Addr.(*ssa.FieldAddr).X.(*ssa.Alloc))
}

// hiddenResult reports whether new object a, of a type its package does
// not export, is returned by its function as an interface value.
func hiddenResult(a *ssa.Alloc) bool {
	ptr, ok := a.Type().(*types.Pointer)
	if !ok {
		return false
	}
	named, ok := ptr.Elem().(*types.Named)
	if !ok || named.Obj().Exported() || named.Obj().Pkg() == nil {
		return false
	}
	for _, ref := range *a.Referrers() {
		if mi, ok := ref.(*ssa.MakeInterface); ok && returned(mi, map[ssa.Value]bool{}) {
			return true
		}
	}
	return false
}

// returned reports whether v is returned by its function, directly or
// through phis.
func returned(v ssa.Value, seen map[ssa.Value]bool) bool {
	if seen[v] {
		return false
	}
	seen[v] = true
	for _, ref := range *v.Referrers() {
		switch ref := ref.(type) {
		case *ssa.Return:
			return true
		case *ssa.Phi:
			if returned(ref, seen) {
				return true
			}
		}
	}
	return false
}

// FieldRead: a field read through a pointer parameter, or of a struct
// parameter passed by value, is that parameter's object's field
// (objectCell).
func (ctorObjectsRule) FieldRead(ctx hook.Context, read, x ssa.Value, field int, pos token.Pos) (lattice.Origins, bool) {
	switch read.(type) {
	case *ssa.FieldAddr:
	case *ssa.Field:
		// A struct passed by value (opts.Path of opts TreeOptions) is
		// the object the caller passes, as a pointer would be.
		if _, ok := x.(*ssa.Parameter); !ok {
			return nil, false
		}
	default:
		return nil, false
	}
	return ctx.ObjectCell(ctx.Cell(code.FieldKey(x.Type(), field, ctx), pos), x), true
}

func (ctorObjectsRule) BindSymbol(ctx hook.Context, a lattice.Origin, key string, args []ssa.Value, at token.Position) (lattice.Origins, bool) {
	if a.Kind != lattice.Cell || a.Num(lattice.Obj) == 0 || a.TextOf(lattice.Of) != key {
		return nil, false
	}
	return throughObject(ctx, a, key, args, at), true
}

// throughObject resolves a read of a field through the callee's parameter
// at a call (a getter's result): the field of the caller's own parameter
// when the argument is one, else the field of every object. (Values do
// not follow constructors: a requirement does, checkObject, and reports
// each part of the value where it arises.)
func throughObject(ctx hook.Context, a lattice.Origin, key string, args []ssa.Value, at token.Position) lattice.Origins {
	b := a
	b.SetText(lattice.Of, "")
	b.SetNum(lattice.Obj, 0)
	b.SetText(lattice.Through, "")
	if a.Num(lattice.Obj)-1 < len(args) {
		arg := args[a.Num(lattice.Obj)-1]
		if load, ok := arg.(*ssa.UnOp); ok && load.Op == token.MUL {
			// A copy of the object a parameter points to (the receiver
			// of a method with a value receiver, k.private() in a
			// method of *Key): that object's field.
			arg = load.X
		}
		if p, ok := arg.(*ssa.Parameter); ok {
			if c := ctx.ObjectCell(hook.PlainCell(a.Key), p)[0]; c.Num(lattice.Obj) > 0 {
				b.SetText(lattice.Of, c.TextOf(lattice.Of))
				b.SetNum(lattice.Obj, c.Num(lattice.Obj))
				b.SetText(lattice.Through, a.TextOf(lattice.Through))
			}
		}
	}
	if b.Num(lattice.Below) > 0 {
		// The caller's element joined below it, if a later rule
		// resolves it (project-dir).
		return ctx.BindSymbolAfter(ctorObjectsRule{}, b, key, args, at)
	}
	return lattice.Origins{b}
}
