package rules

import (
	"go/constant"
	"go/token"
	"go/types"
	"slices"
	"strconv"
	"strings"

	"github.com/staterootlint/staterootlint/analyzers/internal/lattice"
	"github.com/staterootlint/staterootlint/analyzers/internal/rootflow/code"
	"github.com/staterootlint/staterootlint/analyzers/internal/rootflow/hook"
	"golang.org/x/tools/go/ssa"
)

// guardedWriteRule: see below. At a write or a call whose path argument
// reads a field of a record under a branch on a boolean field of the
// same record, or on a comparison of a field of it with a constant (if
// b.Kind != kindFile { return }), the requirement carries the guard
// (SiteReq); a store into a record built on the spot with the guard
// false is exempt (ExemptStore). Where the record is built in a
// constructor that takes the guarding field's value as a parameter
// (newBuffer(text, path, kind)), the store's requirement carries the
// guard on that parameter (StoreReq), and a call passing a constant that
// makes it false is exempt (ExemptCall).
//
// Unsound where the guarding field is set later through a path the
// package does not show (a callee in another package, reflection):
// flagSetLater covers the package's own stores.
type guardedWriteRule struct {
	flagSet map[string]bool // whether code sets each guarding flag on a built record
}

func (*guardedWriteRule) ForPackage() hook.Rule { return &guardedWriteRule{} }

func (*guardedWriteRule) Name() string { return "guarded-write" }

func (gw *guardedWriteRule) SiteReq(ctx hook.Context, instr ssa.Instruction, arg ssa.Value, r lattice.Req) lattice.Req {
	r.Tags.SetGuard(fieldGuard(instr, arg, ctx))
	return r
}

func (gw *guardedWriteRule) ExemptStore(ctx hook.Context, s hook.StoreSite, r lattice.Req) bool {
	return gw.guardExempt(ctx, s, r)
}

// StoreReq: a store into a record built on the spot whose guarding field
// is the enclosing function's parameter answers to the guard on that
// parameter: its callers' arguments decide whether the record is ever
// written.
func (gw *guardedWriteRule) StoreReq(ctx hook.Context, s hook.StoreSite, r lattice.Req) (lattice.Req, bool) {
	g, ok := parseGuard(r.Tags.GuardFlag())
	if !ok || g.arg >= 0 || s.Fn == nil {
		return r, false
	}
	lit, flag := gw.builtRecord(ctx, s, g.field)
	if lit == nil {
		return r, false
	}
	vals := fieldStores(lit, flag)
	if len(vals) != 1 {
		return r, false
	}
	p, isParam := vals[0].(*ssa.Parameter)
	if !isParam || p.Parent() != s.Fn || gw.flagSetLater(ctx, g.field) {
		return r, false
	}
	g.arg = slices.Index(s.Fn.Params, p)
	out := r.For("")
	out.Tags.SetGuard("", g.String())
	return out, true
}

// ExemptCall: a call passing, for the parameter a guard names, a
// constant that makes the guard false builds a record never written.
func (gw *guardedWriteRule) ExemptCall(_ hook.Context, _ ssa.CallInstruction, args []ssa.Value, r lattice.Req) bool {
	g, ok := parseGuard(r.Tags.GuardFlag())
	if !ok || g.arg < 0 || g.arg >= len(args) {
		return false
	}
	c, isConst := args[g.arg].(*ssa.Const)
	return isConst && c.Value != nil && !g.holdsFor(c.Value.ExactString())
}

// A writeGuard is the condition on a record's field (or, past a constructor,
// on the argument that fills it) under which a write runs.
type writeGuard struct {
	field string // the field's cell key
	arg   int    // past a constructor: the parameter that fills the field; -1 otherwise
	op    string // "" (a boolean field that is true), "==" or "!="
	value string // the constant compared with, as constant.Value.ExactString
}

// String encodes g as the ReqGuard tag's flag: "KEY" for a boolean field,
// "KEY==V" or "KEY!=V" for a comparison, prefixed "@N:" for parameter N.
func (g writeGuard) String() string {
	s := g.field + g.op + g.value
	if g.arg >= 0 {
		s = "@" + strconv.Itoa(g.arg) + ":" + s
	}
	return s
}

// parseGuard decodes a ReqGuard flag (guard.String); ok is false for "".
func parseGuard(s string) (g writeGuard, ok bool) {
	if s == "" {
		return g, false
	}
	g.arg = -1
	if rest, found := strings.CutPrefix(s, "@"); found {
		n, after, _ := strings.Cut(rest, ":")
		i, err := strconv.Atoi(n)
		if err != nil {
			return g, false
		}
		g.arg, s = i, after
	}
	for _, op := range []string{"==", "!="} {
		if field, value, found := strings.Cut(s, op); found {
			g.field, g.op, g.value = field, op, value
			return g, true
		}
	}
	g.field = s
	return g, true
}

// holdsFor reports whether the guard holds for a field holding the
// constant v (as constant.Value.ExactString).
func (g writeGuard) holdsFor(v string) bool {
	switch g.op {
	case "==":
		return v == g.value
	case "!=":
		return v != g.value
	}
	return v == "true"
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
func fieldGuard(instr ssa.Instruction, arg ssa.Value, ctx code.Locator) (cell, guard string) {
	arg = code.Unconvert(arg)
	base, field := fieldRead(arg)
	if base == nil {
		return "", ""
	}
	for c := range code.EnteredThrough(instr.Block()) {
		if condBase, flag := fieldRead(c.Value); condBase == base {
			return code.FieldKey(base.Type(), field, ctx), code.FieldKey(base.Type(), flag, ctx)
		}
	}
	for c := range code.Dominating(instr.Block()) {
		if c.Kind != code.CondCmp {
			continue
		}
		for _, side := range [][2]ssa.Value{{c.Cmp.X, c.Cmp.Y}, {c.Cmp.Y, c.Cmp.X}} {
			k, isConst := side[1].(*ssa.Const)
			condBase, flag := fieldRead(side[0])
			if condBase != base || !isConst || k.Value == nil {
				continue
			}
			g := writeGuard{field: code.FieldKey(base.Type(), flag, ctx), arg: -1, op: "!=", value: k.Value.ExactString()}
			if c.Holds {
				g.op = "=="
			}
			return code.FieldKey(base.Type(), field, ctx), g.String()
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
func (gw *guardedWriteRule) guardExempt(ctx hook.Context, s hook.StoreSite, r lattice.Req) bool {
	g, ok := parseGuard(r.Tags.GuardFlag())
	if !ok || g.arg >= 0 {
		return false
	}
	lit, flag := gw.builtRecord(ctx, s, g.field)
	if lit == nil {
		return false
	}
	vals := fieldStores(lit, flag)
	if len(vals) == 0 {
		zero, known := zeroValue(lit.Type(), flag)
		if !known {
			return false
		}
		vals = []ssa.Value{zero}
	}
	for _, v := range vals {
		c, isConst := v.(*ssa.Const)
		if !isConst || c.Value == nil || g.holdsFor(c.Value.ExactString()) {
			return false
		}
	}
	return !gw.flagSetLater(ctx, g.field)
}

// builtRecord returns the composite literal a store site stores into and
// the index of its field whose key is field, or nil.
func (gw *guardedWriteRule) builtRecord(ctx hook.Context, s hook.StoreSite, field string) (*ssa.Alloc, int) {
	fa, ok := s.Addr.(*ssa.FieldAddr)
	if !ok {
		return nil, -1
	}
	lit, ok := fa.X.(*ssa.Alloc)
	if !ok || lit.Comment != "complit" {
		return nil, -1
	}
	flag := fieldIndex(fa.X.Type(), field, ctx)
	if flag < 0 {
		return nil, -1
	}
	return lit, flag
}

// fieldStores returns the values a composite literal stores into its
// field flag.
func fieldStores(lit *ssa.Alloc, flag int) []ssa.Value {
	var vals []ssa.Value
	for _, ref := range *lit.Referrers() {
		fa, ok := ref.(*ssa.FieldAddr)
		if !ok || fa.Field != flag {
			continue
		}
		for _, use := range *fa.Referrers() {
			if st, ok := use.(*ssa.Store); ok {
				vals = append(vals, st.Val)
			}
		}
	}
	return vals
}

// zeroValue returns the zero value of field flag of the record a pointer
// of type t points to, as a constant, when it is a boolean, a number or
// a string.
func zeroValue(t types.Type, flag int) (*ssa.Const, bool) {
	if p, ok := t.Underlying().(*types.Pointer); ok {
		t = p.Elem()
	}
	st, ok := t.Underlying().(*types.Struct)
	if !ok || flag >= st.NumFields() {
		return nil, false
	}
	ft := st.Field(flag).Type()
	if b, ok := ft.Underlying().(*types.Basic); !ok || b.Info()&(types.IsBoolean|types.IsNumeric|types.IsString) == 0 {
		return nil, false
	}
	return ssa.NewConst(zeroConstant(ft), ft), true
}

// zeroConstant is the zero value of a boolean, numeric or string type.
func zeroConstant(t types.Type) constant.Value {
	b := t.Underlying().(*types.Basic)
	switch {
	case b.Info()&types.IsBoolean != 0:
		return constant.MakeBool(false)
	case b.Info()&types.IsString != 0:
		return constant.MakeString("")
	}
	return constant.MakeInt64(0)
}

// fieldIndex returns the index of the field of a record (or pointer to
// one) whose key is key, or -1.
func fieldIndex(t types.Type, key string, ctx code.Locator) int {
	if p, ok := t.Underlying().(*types.Pointer); ok {
		t = p.Elem()
	}
	st, _ := t.Underlying().(*types.Struct)
	if st == nil {
		return -1
	}
	for i := range st.NumFields() {
		if strings.HasSuffix(key, "."+st.Field(i).Name()) && code.FieldKey(t, i, ctx) == key {
			return i
		}
	}
	return -1
}

// flagSetLater reports whether some code of the package may set the
// boolean field key on a record already built: a store into it other
// than a composite literal's own constant, or its address handed on.
// Computed once per field.
func (gw *guardedWriteRule) flagSetLater(ctx hook.Context, key string) bool {
	if set, ok := gw.flagSet[key]; ok {
		return set
	}
	set := false
	for _, fn := range ctx.PackageFuncs() {
		for _, b := range fn.Blocks {
			for _, instr := range b.Instrs {
				fa, ok := instr.(*ssa.FieldAddr)
				if !ok || set || code.FieldKey(fa.X.Type(), fa.Field, ctx) != key {
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
