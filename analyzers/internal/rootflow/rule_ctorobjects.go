package rootflow

import (
	"go/token"

	"github.com/staterootlint/staterootlint/analyzers/internal/lattice"
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

func (ctorObjectsRule) name() string { return "ctor-objects" }

// exemptStore: under a requirement that follows new objects to the reads
// that require them (ReqAliased), a store into a new object is checked
// there, not here.
func (ctorObjectsRule) exemptStore(_ ruleContext, s storeSite, r Req) bool {
	return r.Tags.Flag(lattice.ReqAliased) && freshStore(s)
}

// fieldRead: a field read through a pointer parameter, or of a struct
// parameter passed by value, is that parameter's object's field
// (objectCell).
func (ctorObjectsRule) fieldRead(ctx ruleContext, read, x ssa.Value, field int, pos token.Pos) (Origins, bool) {
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
	return ctx.objectCell(ctx.cell(fieldKey(x.Type(), field, ctx), pos), x), true
}

func (ctorObjectsRule) bindSymbol(ctx ruleContext, a Origin, key string, args []ssa.Value, at token.Position) (Origins, bool) {
	if a.Kind != Cell || a.Num(lattice.Obj) == 0 || a.TextOf(lattice.Of) != key {
		return nil, false
	}
	return throughObject(ctx, a, key, args, at), true
}

// throughObject resolves a read of a field through the callee's parameter
// at a call (a getter's result): the field of the caller's own parameter
// when the argument is one, else the field of every object. (Values do
// not follow constructors: a requirement does, checkObject, and reports
// each part of the value where it arises.)
func throughObject(ctx ruleContext, a Origin, key string, args []ssa.Value, at token.Position) Origins {
	b := a
	b.SetText(lattice.Of, "")
	b.SetNum(lattice.Obj, 0)
	b.SetText(lattice.Through, "")
	if a.Num(lattice.Obj)-1 < len(args) {
		if p, ok := args[a.Num(lattice.Obj)-1].(*ssa.Parameter); ok {
			if c := ctx.objectCell(plainCell(a.Key), p)[0]; c.Num(lattice.Obj) > 0 {
				b.SetText(lattice.Of, c.TextOf(lattice.Of))
				b.SetNum(lattice.Obj, c.Num(lattice.Obj))
				b.SetText(lattice.Through, a.TextOf(lattice.Through))
			}
		}
	}
	if b.Num(lattice.Below) > 0 {
		// The caller's element joined below it, if a later rule
		// resolves it (project-dir).
		return ctx.bindSymbolAfter(ctorObjectsRule{}, b, key, args, at)
	}
	return Origins{b}
}
