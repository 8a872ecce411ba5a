package rootflow

import (
	"go/constant"
	"go/token"
	"go/types"
	"strings"

	"golang.org/x/tools/go/ssa"
)

// guardedWriteRule: see below. At a write or a call whose path argument
// reads a field of a record under a branch on a boolean field of the
// same record, the requirement carries the guard (siteReq); a store into
// a record built on the spot with the flag false is exempt (exemptStore).
//
// Unsound where the flag is set later through a path the package does not
// show (a callee in another package, reflection): flagSetLater covers the
// package's own stores.
type guardedWriteRule struct {
	flagSet map[string]bool // whether code sets each guarding flag on a built record
}

func (*guardedWriteRule) forPackage() rule { return &guardedWriteRule{} }

func (*guardedWriteRule) name() string { return "guarded-write" }

func (gw *guardedWriteRule) siteReq(ctx ruleContext, instr ssa.Instruction, arg ssa.Value, r Req) Req {
	r.Tags.SetGuard(fieldGuard(instr, arg, ctx))
	return r
}

func (gw *guardedWriteRule) exemptStore(ctx ruleContext, s storeSite, r Req) bool {
	return gw.guardExempt(ctx, s, r)
}

// A write guarded by a boolean field of the record whose path it writes
// (for _, f := range files { if f.Temp { os.Remove(f.Name) } }) writes
// only the paths of records whose flag is set. The requirement it puts on
// the path's cell carries the flag (Req.Guard), and a store into the cell
// is exempt from it when the stored-into record is built on the spot with
// the flag false or absent (record{Name: n} or a local variable whose flag
// nothing else can set): such a record never reaches the write. Any other
// store (into a record from elsewhere, or one whose address is handed on)
// still is checked.

// fieldGuard returns, for a path argument that reads a field of a record
// (f.Name), the cell it reads and the key of the boolean field of the same
// record that must be true for instr to run (if f.Temp { ... }), or two
// empty strings.
func fieldGuard(instr ssa.Instruction, arg ssa.Value, ctx locator) (cell, guard string) {
	arg = unconvert(arg)
	base, field := fieldRead(arg)
	if base == nil {
		return "", ""
	}
	for c := range enteredThrough(instr.Block()) {
		if condBase, flag := fieldRead(c.value); condBase == base {
			return fieldKey(base.Type(), field, ctx), fieldKey(base.Type(), flag, ctx)
		}
	}
	return "", ""
}

// fieldRead returns the record and field index a value reads: x.F of a
// struct value, or *(&p.F) through a pointer.
func fieldRead(v ssa.Value) (ssa.Value, int) {
	switch v := v.(type) {
	case *ssa.Field:
		return v.X, v.Field
	case *ssa.UnOp:
		if fa, ok := v.X.(*ssa.FieldAddr); ok && v.Op == token.MUL {
			return fa.X, fa.Field
		}
	}
	return nil, 0
}

// guardExempt reports whether a store site into a cell is exempt from a
// requirement guarded by a boolean field: the store is into a composite
// literal whose flag is false or absent, and no code of the package sets
// the flag on a record after it is built (f.Temp = true, &f.Temp handed
// on): a record's flag is the one its literal gave it. (Later packages
// could still set an exported flag; the engine does not see them.)
func (gw *guardedWriteRule) guardExempt(ctx ruleContext, s storeSite, r Req) bool {
	if r.Tags.GuardFlag() == "" {
		return false
	}
	fa, ok := s.addr.(*ssa.FieldAddr)
	if !ok {
		return false
	}
	lit, ok := fa.X.(*ssa.Alloc)
	if !ok || lit.Comment != "complit" {
		return false
	}
	flag := fieldIndex(fa.X.Type(), r.Tags.GuardFlag(), ctx)
	if flag < 0 || !flagStaysFalse(lit, flag) {
		return false
	}
	return !gw.flagSetLater(ctx, r.Tags.GuardFlag())
}

// fieldIndex returns the index of the field of a record (or pointer to
// one) whose key is key, or -1.
func fieldIndex(t types.Type, key string, ctx locator) int {
	if p, ok := t.Underlying().(*types.Pointer); ok {
		t = p.Elem()
	}
	st, _ := t.Underlying().(*types.Struct)
	if st == nil {
		return -1
	}
	for i := range st.NumFields() {
		if strings.HasSuffix(key, "."+st.Field(i).Name()) && fieldKey(t, i, ctx) == key {
			return i
		}
	}
	return -1
}

// flagStaysFalse reports whether a composite literal stores only the
// constant false into field flag.
func flagStaysFalse(lit *ssa.Alloc, flag int) bool {
	for _, ref := range *lit.Referrers() {
		fa, ok := ref.(*ssa.FieldAddr)
		if !ok || fa.Field != flag {
			continue
		}
		for _, use := range *fa.Referrers() {
			if st, ok := use.(*ssa.Store); ok && !isFalse(st.Val) {
				return false
			}
		}
	}
	return true
}

func isFalse(v ssa.Value) bool {
	c, ok := v.(*ssa.Const)
	return ok && c.Value != nil && c.Value.Kind() == constant.Bool && !constant.BoolVal(c.Value)
}

// flagSetLater reports whether some code of the package may set the
// boolean field key on a record already built: a store into it other
// than a composite literal's own constant, or its address handed on.
// Computed once per field.
func (gw *guardedWriteRule) flagSetLater(ctx ruleContext, key string) bool {
	if set, ok := gw.flagSet[key]; ok {
		return set
	}
	set := false
	for _, fn := range ctx.packageFuncs() {
		for _, b := range fn.Blocks {
			for _, instr := range b.Instrs {
				fa, ok := instr.(*ssa.FieldAddr)
				if !ok || set || fieldKey(fa.X.Type(), fa.Field, ctx) != key {
					continue
				}
				lit, _ := fa.X.(*ssa.Alloc)
				for _, use := range *fa.Referrers() {
					switch use := use.(type) {
					case *ssa.DebugRef, *ssa.UnOp:
					case *ssa.Store:
						if use.Addr != fa || lit == nil || lit.Comment != "complit" {
							set = true
						}
					default:
						set = true
					}
				}
			}
		}
	}
	if gw.flagSet == nil {
		gw.flagSet = map[string]bool{}
	}
	gw.flagSet[key] = set
	return set
}
