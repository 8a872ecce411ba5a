package rules

import (
	"go/token"
	"go/types"
	"slices"
	"strconv"

	"github.com/staterootlint/staterootlint/analyzers/internal/lattice"
	"github.com/staterootlint/staterootlint/analyzers/internal/rootflow/code"
	"github.com/staterootlint/staterootlint/analyzers/internal/rootflow/hook"
	"golang.org/x/tools/go/ssa"
)

// Objects, not just fields: the engine names a field by its type and name
// (a cell), which stands for that field of every object of the type. An
// object a function allocates and never lets go of (a composite literal
// kept in a local variable whose fields are only read there) is told
// apart: what is stored into its fields is what its reads see, and its
// stores are no stores into the cell, so another object of the type that
// reaches a write does not make this one's fields suspect.
//
// Handing the object to a setter keeps it local: a function of the
// package whose parameter it only stores into, with parameters or
// constants (setPath(&l, p) doing l.Path = p). Its reads then see what
// the setter stores there with the call's arguments, and the setter's
// store, a store into the cell for the other objects callers pass, puts
// its requirement on the setter's parameter only at the calls that pass
// an object seen outside the caller (lattice.ReqObjects): a helper's own
// object never reaches a write.

// An object of a type the program does not own (a url.URL, another
// module's options) stays local through calls of its type's methods too
// (u.String(), u.Query()): a read of its field is what the function
// stored into that object, not what the program stores into every URL
// (a health check's host is not a socket's path). Where such an object
// cannot be told apart, the read's requirement is unproven (the engine's
// foreignField).

// localObjectsRule: see above. A read of a field of such an object (or of
// a struct value copied from one) is what the function stored there,
// itself or through a setter.
//
// Unsound where the object's address escapes through a path keepsLocal
// does not see (unsafe, reflection), and where a method of a type the
// program does not own stores into its receiver (u.UnmarshalBinary): then
// its fields may change unseen.
type localObjectsRule struct {
	keptLocal map[*ssa.Alloc]bool      // whether each object asked about stays in its function
	held      map[*ssa.Global]*heldVar // what each package variable asked about holds (heldObjects); nil when not told apart
}

func (*localObjectsRule) ForPackage() hook.Rule {
	return &localObjectsRule{keptLocal: map[*ssa.Alloc]bool{}, held: map[*ssa.Global]*heldVar{}}
}

func (*localObjectsRule) Name() string { return "local-objects" }

// OwnsStore claims the stores into fields of a local object: only the
// reads of that object see them (fieldRead), not the field's cell.
func (lo *localObjectsRule) OwnsStore(ctx hook.Context, s *ssa.Store) bool {
	obj, _ := lo.localObject(ctx, s.Addr)
	return obj != nil || lo.heldGlobal(ctx, s.Addr) != nil
}

func (lo *localObjectsRule) FieldRead(ctx hook.Context, read, _ ssa.Value, field int, _ token.Pos) (lattice.Origins, bool) {
	var obj *ssa.Alloc
	switch read.(type) {
	case *ssa.Field:
		obj = lo.copiedObject(ctx, read)
	case *ssa.FieldAddr:
		obj, _ = lo.localObject(ctx, read)
		if g := lo.heldGlobal(ctx, read); g != nil {
			return lo.globalField(ctx, g, field), true
		}
	}
	if obj == nil {
		return nil, false
	}
	return lo.objectField(ctx, obj, field), true
}

// localObject returns the object that addr is a field address of, when
// that object is allocated in addr's function and never escapes it.
func (lo *localObjectsRule) localObject(ctx hook.Context, addr ssa.Value) (*ssa.Alloc, *ssa.FieldAddr) {
	fa, ok := addr.(*ssa.FieldAddr)
	if !ok {
		return nil, nil
	}
	a, ok := fa.X.(*ssa.Alloc)
	if !ok || !lo.keepsLocal(ctx, a) {
		return nil, nil
	}
	return a, fa
}

// escapes reports whether an allocated object can be seen outside its
// function: only storing into and reading its fields, storing a whole
// value into it, copying it whole into another such object (a composite
// literal assigned to a local variable is both), and handing it to a
// setter (setterParams) keep it local.
func escapes(a *ssa.Alloc, foreign bool) bool {
	return escapesFrom(a, foreign, nil, map[*ssa.Alloc]bool{})
}

// keepsLocal is !escapes(a), once per object: every store the index
// collects and every field read asks.
func (lo *localObjectsRule) keepsLocal(ctx hook.Context, a *ssa.Alloc) bool {
	local, ok := lo.keptLocal[a]
	if !ok {
		local = !escapes(a, foreignObject(ctx, a))
		lo.keptLocal[a] = local
	}
	return local
}

// escapesFrom is escapes, with the objects being checked (copies may go
// back and forth between two locals: x = y; y = x); with held, storing
// the object into that package variable keeps it too (heldObjects).
func escapesFrom(a *ssa.Alloc, foreign bool, held *ssa.Global, checking map[*ssa.Alloc]bool) bool {
	if checking[a] {
		return false
	}
	checking[a] = true
	for _, ref := range *a.Referrers() {
		switch ref := ref.(type) {
		case *ssa.DebugRef:
		case *ssa.Store:
			if ref.Addr != a && (held == nil || ref.Addr != held || ref.Val != a) {
				return true // its address is stored
			}
		case *ssa.FieldAddr:
			if _, ok := fieldAddrStores(ref); !ok {
				return true // the field's address is stored or passed on
			}
		case *ssa.Call:
			if setterCall(ref, a) == nil && !(foreign && receiverCall(ref, a)) {
				return true
			}
		case *ssa.UnOp:
			// A copy of the whole object: fine while only its fields are
			// read, or it is stored whole into another local object.
			for _, use := range *ref.Referrers() {
				switch use := use.(type) {
				case *ssa.DebugRef, *ssa.Field:
				case *ssa.Store:
					to, ok := use.Addr.(*ssa.Alloc)
					if !ok || escapesFrom(to, foreign, nil, checking) {
						return true
					}
				default:
					return true
				}
			}
		default:
			return true
		}
	}
	return false
}

// foreignObject reports whether a allocates an object of a struct type
// the program does not own (hook.Context.ForeignField).
func foreignObject(ctx hook.Context, a *ssa.Alloc) bool {
	st := code.BaseStruct(a.Type())
	return st != nil && st.NumFields() > 0 && ctx.ForeignField(code.FieldKey(a.Type(), 0, ctx))
}

// receiverCall reports whether call is a static call of a method with
// object a as its receiver and nowhere else among its arguments.
func receiverCall(call *ssa.Call, a *ssa.Alloc) bool {
	callee := call.Call.StaticCallee()
	args := call.Call.Args
	return callee != nil && callee.Signature.Recv() != nil && len(args) > 0 && args[0] == a && !slices.Contains(args[1:], ssa.Value(a))
}

// A package variable that holds objects of a type the program does not
// own (var mirror = &url.URL{...}) is told apart the same way, when only
// the package can set it (unexported, or in package main), every store
// into it is an object the package makes there, and its loads only read
// and store its fields or call the type's methods: a read of its field is
// what the package stored into those objects, or through the variable.

// heldGlobal returns the package variable addr is a field address of
// (through a load of it: mirror.Path), when that variable's objects are
// told apart (above).
func (lo *localObjectsRule) heldGlobal(ctx hook.Context, addr ssa.Value) *ssa.Global {
	fa, ok := addr.(*ssa.FieldAddr)
	if !ok {
		return nil
	}
	load, ok := fa.X.(*ssa.UnOp)
	if !ok || load.Op != token.MUL {
		return nil
	}
	g, ok := load.X.(*ssa.Global)
	if !ok || g.Pkg == nil || g.Pkg.Pkg != ctx.AnalysisPass().Pkg {
		return nil
	}
	h, asked := lo.held[g]
	if !asked {
		h = heldObjects(ctx, g)
		lo.held[g] = h
	}
	if h == nil {
		return nil
	}
	return g
}

// heldVar is what a package variable whose objects are told apart holds:
// the objects stored into it, and the stores into their fields through it
// (mirror.Path = p).
type heldVar struct {
	objs   []*ssa.Alloc
	stores []*ssa.Store
}

// heldObjects returns what package variable g holds when its objects are
// told apart (above), else nil.
func heldObjects(ctx hook.Context, g *ssa.Global) *heldVar {
	if token.IsExported(g.Name()) && g.Pkg.Pkg.Name() != "main" {
		return nil
	}
	if st := code.BaseStruct(g.Type().(*types.Pointer).Elem()); st == nil || st.NumFields() == 0 || !ctx.ForeignField(code.FieldKey(g.Type().(*types.Pointer).Elem(), 0, ctx)) {
		return nil
	}
	h := &heldVar{}
	for _, fn := range ctx.PackageFuncs() {
		for _, b := range fn.Blocks {
			for _, instr := range b.Instrs {
				if !slices.ContainsFunc(instr.Operands(nil), func(op *ssa.Value) bool { return *op == g }) {
					continue
				}
				switch instr := instr.(type) {
				case *ssa.DebugRef:
				case *ssa.Store:
					a, ok := instr.Val.(*ssa.Alloc)
					if instr.Addr != g || !ok || escapesFrom(a, true, g, map[*ssa.Alloc]bool{}) {
						return nil
					}
					h.objs = append(h.objs, a)
				case *ssa.UnOp:
					stores, ok := fieldsOnly(instr)
					if instr.Op != token.MUL || !ok {
						return nil
					}
					h.stores = append(h.stores, stores...)
				default:
					return nil
				}
			}
		}
	}
	return h
}

// fieldsOnly reports whether the object pointer v (a load of a package
// variable) is only used to read and store its fields, to call its type's
// methods on it, or in a comparison (mirror == nil), and returns the
// stores into its fields.
func fieldsOnly(v ssa.Value) ([]*ssa.Store, bool) {
	var stores []*ssa.Store
	for _, ref := range *v.Referrers() {
		switch ref := ref.(type) {
		case *ssa.DebugRef, *ssa.BinOp:
		case *ssa.FieldAddr:
			s, ok := fieldAddrStores(ref)
			if !ok {
				return nil, false
			}
			stores = append(stores, s...)
		case *ssa.Call:
			callee := ref.Call.StaticCallee()
			args := ref.Call.Args
			if callee == nil || callee.Signature.Recv() == nil || len(args) == 0 || args[0] != v || slices.Contains(args[1:], v) {
				return nil, false
			}
		default:
			return nil, false
		}
	}
	return stores, true
}

// fieldAddrStores returns the stores into the field ref addresses, when the
// address is only read through or stored into (ok false when it is
// stored elsewhere or passed on).
func fieldAddrStores(ref *ssa.FieldAddr) (stores []*ssa.Store, ok bool) {
	for _, use := range *ref.Referrers() {
		switch use := use.(type) {
		case *ssa.DebugRef, *ssa.UnOp:
			// a read of the field
		case *ssa.Store:
			if use.Addr != ref {
				return nil, false // the field's address is stored
			}
			stores = append(stores, use)
		default:
			return nil, false
		}
	}
	return stores, true
}

// globalField is what a read of field number field of the objects package
// variable g holds sees: what is stored into that field of each object
// stored into g, and through g itself (mirror.Path = p).
func (lo *localObjectsRule) globalField(ctx hook.Context, g *ssa.Global, field int) lattice.Origins {
	h := lo.held[g]
	parts := []lattice.Origins{}
	for _, a := range h.objs {
		if v := lo.objectField(ctx, a, field); !v.Equal(lattice.Origins{{Kind: lattice.Empty}}) {
			parts = append(parts, v)
		}
	}
	for _, st := range h.stores {
		if st.Addr.(*ssa.FieldAddr).Field == field {
			parts = append(parts, ctx.Eval(st.Val))
		}
	}
	if len(parts) == 0 {
		return lattice.Origins{{Kind: lattice.Empty}}
	}
	return lattice.Union(parts...)
}

// copiedObject returns the local object a read of a struct value's field
// reads, when the value is a copy of one that never escapes.
func (lo *localObjectsRule) copiedObject(ctx hook.Context, v ssa.Value) *ssa.Alloc {
	u, ok := v.(*ssa.UnOp)
	if !ok || u.Op != token.MUL {
		return nil
	}
	a, ok := u.X.(*ssa.Alloc)
	if !ok || !lo.keepsLocal(ctx, a) {
		return nil
	}
	return a
}

// valueReceiver returns v when it is the receiver of a method with a
// value receiver, nil otherwise.
func valueReceiver(v ssa.Value) *ssa.Parameter {
	p, ok := v.(*ssa.Parameter)
	if !ok {
		return nil
	}
	fn := p.Parent()
	if fn.Signature.Recv() == nil || len(fn.Params) == 0 || fn.Params[0] != p {
		return nil
	}
	if _, isPtr := p.Type().Underlying().(*types.Pointer); isPtr {
		return nil
	}
	return p
}

// objectField is what a read of field number field of the local object a
// sees: the values stored into that field, that field of the local objects
// copied whole into it, and the field's cell for a whole value from
// elsewhere (the empty path when nothing is stored: the field keeps its
// zero value).
func (lo *localObjectsRule) objectField(ctx hook.Context, a *ssa.Alloc, field int) lattice.Origins {
	return lo.objectFieldFrom(ctx, a, field, map[*ssa.Alloc]bool{})
}

func (lo *localObjectsRule) objectFieldFrom(ctx hook.Context, a *ssa.Alloc, field int, seen map[*ssa.Alloc]bool) lattice.Origins {
	if seen[a] {
		return nil
	}
	seen[a] = true
	var parts []lattice.Origins
	for _, ref := range *a.Referrers() {
		switch ref := ref.(type) {
		case *ssa.FieldAddr:
			if ref.Field != field {
				continue
			}
			for _, use := range *ref.Referrers() {
				if st, ok := use.(*ssa.Store); ok && st.Addr == ref {
					parts = append(parts, ctx.Eval(st.Val))
				}
			}
		case *ssa.Call:
			// A setter: what it stores, with this call's arguments.
			callee := ref.Call.StaticCallee()
			for _, i := range setterCall(ref, a) {
				for _, st := range setterStores(callee.Params[i], field) {
					if p, ok := st.Val.(*ssa.Parameter); ok {
						parts = append(parts, ctx.Eval(ref.Call.Args[slices.Index(callee.Params, p)]))
					} else {
						parts = append(parts, ctx.Eval(st.Val)) // a constant
					}
				}
			}
		case *ssa.Store:
			if ref.Addr != a {
				continue // the object stored into a package variable (heldObjects)
			}
			if from := lo.copiedObject(ctx, ref.Val); from != nil {
				parts = append(parts, lo.objectFieldFrom(ctx, from, field, seen))
			} else if p := valueReceiver(ref.Val); p != nil {
				// The receiver of a method with a value receiver, kept
				// in a local (k.file in func (k Key) private()): the
				// field of the object each caller calls it on, as
				// ctor-objects reads it from the receiver itself.
				parts = append(parts, ctx.ObjectCell(ctx.Cell(code.FieldKey(a.Type(), field, ctx), ref.Pos()), p))
			} else {
				// A whole value from elsewhere (a parameter, a call's
				// result): its field is the cell, as for any object.
				parts = append(parts, ctx.Cell(code.FieldKey(a.Type(), field, ctx), ref.Pos()))
			}
		}
	}
	if len(parts) == 0 {
		return lattice.Origins{{Kind: lattice.Empty}}
	}
	return lattice.Union(parts...)
}

// StoreReq: a store through a parameter (l.Path = p) answers for the
// objects callers pass there, so its requirement holds only at the calls
// that pass one seen outside the caller; only setters (setterParam) can
// be handed a caller's own object, so only their calls are ever exempt.
// The tag also names the object for another module's callers, which
// check the call where they follow that object to a write (ctors.go).
func (lo *localObjectsRule) StoreReq(_ hook.Context, s hook.StoreSite, r lattice.Req) (lattice.Req, bool) {
	fa, ok := s.Addr.(*ssa.FieldAddr)
	if !ok {
		return r, false
	}
	p, ok := fa.X.(*ssa.Parameter)
	if !ok || s.Fn == nil || p.Parent() != s.Fn {
		return r, false
	}
	out := r.For("")
	out.Tags.SetSet(lattice.ReqObjects, []string{strconv.Itoa(slices.Index(s.Fn.Params, p))})
	return out, true
}

// ExemptCall: a call that passes the caller's own objects (kept local)
// for every object argument a setter's requirement names.
func (lo *localObjectsRule) ExemptCall(ctx hook.Context, _ ssa.CallInstruction, args []ssa.Value, r lattice.Req) bool {
	objs := r.Tags.Set(lattice.ReqObjects)
	if len(objs) == 0 {
		return false
	}
	for _, o := range objs {
		i, err := strconv.Atoi(o)
		if err != nil || i >= len(args) {
			return false
		}
		a, ok := args[i].(*ssa.Alloc)
		if !ok || !lo.keepsLocal(ctx, a) {
			return false
		}
	}
	return true
}

// setterCall returns the argument positions at which call hands object a
// to a setter parameter of its callee, or nil when it hands it to
// anything else (or the callee's body is not in sight).
func setterCall(call *ssa.Call, a *ssa.Alloc) []int {
	callee := call.Call.StaticCallee()
	if callee == nil || callee.Blocks == nil || callee.Parent() != nil || call.Call.IsInvoke() {
		return nil
	}
	var at []int
	for i, arg := range call.Call.Args {
		if arg != a {
			continue
		}
		if i >= len(callee.Params) || !setterParam(callee.Params[i]) {
			return nil
		}
		at = append(at, i)
	}
	return at
}

// setterParam reports whether p, a pointer parameter, is only stored
// into: each use is a field's address that is only assigned a parameter
// of the function or a constant. Such a function neither lets the object
// go nor reads it.
func setterParam(p *ssa.Parameter) bool {
	if _, ok := p.Type().Underlying().(*types.Pointer); !ok {
		return false
	}
	for _, ref := range *p.Referrers() {
		switch ref := ref.(type) {
		case *ssa.DebugRef:
		case *ssa.FieldAddr:
			for _, use := range *ref.Referrers() {
				switch use := use.(type) {
				case *ssa.DebugRef:
				case *ssa.Store:
					if use.Addr != ref {
						return false
					}
					switch v := use.Val.(type) {
					case *ssa.Const:
					case *ssa.Parameter:
						if v.Parent() != p.Parent() {
							return false
						}
					default:
						return false
					}
				default:
					return false
				}
			}
		default:
			return false
		}
	}
	return true
}

// setterStores returns the stores setter parameter p makes into its
// object's field number field.
func setterStores(p *ssa.Parameter, field int) []*ssa.Store {
	var out []*ssa.Store
	for _, ref := range *p.Referrers() {
		fa, ok := ref.(*ssa.FieldAddr)
		if !ok || fa.Field != field {
			continue
		}
		for _, use := range *fa.Referrers() {
			if st, ok := use.(*ssa.Store); ok {
				out = append(out, st)
			}
		}
	}
	return out
}
