package rootflow

import (
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

// objectCell returns v, the cell of a field read through pointer x, as
// the field of the object parameter x points to when x is a parameter of
// a declared function.
func (ix *index) objectCell(v Origins, x ssa.Value) Origins {
	through := ""
	if fa := heldObject(x); fa != nil {
		// x is the object a field of the parameter's object holds
		// (r.Config, or r.opts by value): the cell is that object's.
		through, x = code.FieldKey(fa.X.Type(), fa.Field, ix), fa.X
	}
	p := paramOf(x)
	if p == nil || ix.std || len(v) != 1 || v[0].Kind != Cell || v[0].TextOf(lattice.Through) != "" {
		return v
	}
	fn := p.Parent()
	if fn.Parent() != nil || fn.Synthetic != "" {
		return v // a function literal's parameters: its callers are func values
	}
	a := v[0]
	a.SetText(lattice.Of, code.FuncKey(fn))
	a.SetNum(lattice.Obj, slices.Index(fn.Params, p)+1)
	a.SetText(lattice.Through, through)
	return Origins{a}
}

// heldObject returns the field address x is the object of, when x is
// the object a field holds: a pointer loaded from the field (*&r.Config)
// or the field's own address, for a struct held by value (&r.opts); nil
// otherwise. Only a field of a parameter's object (or of a spilled
// parameter) counts: an object two fields below the parameter.
func heldObject(x ssa.Value) *ssa.FieldAddr {
	var fa *ssa.FieldAddr
	switch x := x.(type) {
	case *ssa.UnOp: // a pointer loaded from the field
		if _, isPtr := x.Type().Underlying().(*types.Pointer); isPtr && x.Op == token.MUL {
			fa, _ = x.X.(*ssa.FieldAddr)
		}
	case *ssa.FieldAddr: // the field's own address: a struct held by value
		if _, isStruct := x.Type().(*types.Pointer).Elem().Underlying().(*types.Struct); isStruct {
			fa = x
		}
	}
	if fa == nil || paramOf(fa.X) == nil {
		return nil
	}
	return fa
}

// objectValue is what field cell of the object v holds, in terms of the
// parameters of v's function.
func (e *engine) objectValue(v ssa.Value, cell string, hops int, seen map[ssa.Value]bool) Origins {
	if hops > maxObjectHops {
		return hook.PlainCell(cell)
	}
	switch v := v.(type) {
	case *ssa.Parameter:
		return e.objectCell(hook.PlainCell(cell), v)
	case *ssa.Alloc:
		if p := spilledParam(v); p != nil {
			return e.objectValue(p, cell, hops, seen)
		}
		if stores, ok := newObjectStores(v, cell, e); ok {
			if len(stores) == 0 {
				return Origins{{Kind: Empty}} // the field keeps its zero value
			}
			parts := make([]Origins, len(stores))
			for i, st := range stores {
				s := hook.StoreSite{Pos: st.Pos(), Val: st.Val, Fn: v.Parent(), Addr: st.Addr}
				parts[i] = e.hooks.objectStore(e.rules, s, e.eval(st.Val))
			}
			return lattice.Union(parts...)
		}
	case *ssa.MakeInterface:
		return e.objectValue(v.X, cell, hops, seen)
	case *ssa.Const:
		if v.IsNil() {
			return nil
		}
	case *ssa.Phi:
		if seen[v] {
			return nil
		}
		seen[v] = true
		parts := make([]Origins, len(v.Edges))
		for i, edge := range v.Edges {
			parts[i] = e.objectValue(edge, cell, hops, seen)
		}
		return lattice.Union(parts...)
	case *ssa.Call:
		if sum, key, ok := e.constructor(v.Common(), 0, cell, hops); ok {
			return e.substitute(sum, key, v.Common().Args, e.At(v.Pos()))
		}
	case *ssa.Extract:
		if call, ok := v.Tuple.(*ssa.Call); ok {
			if sum, key, ok := e.constructor(call.Common(), v.Index, cell, hops); ok {
				return e.substitute(sum, key, call.Common().Args, e.At(call.Pos()))
			}
		}
	}
	return hook.PlainCell(cell)
}

// newObjectStores returns the stores into field cell of the new object a;
// ok is false when a whole value is stored into it (its fields are then
// another object's).
func newObjectStores(a *ssa.Alloc, cell string, e *engine) (stores []*ssa.Store, ok bool) {
	for _, ref := range *a.Referrers() {
		switch ref := ref.(type) {
		case *ssa.FieldAddr:
			if code.FieldKey(ref.X.Type(), ref.Field, e) != cell {
				continue
			}
			for _, use := range *ref.Referrers() {
				if st, isStore := use.(*ssa.Store); isStore && st.Addr == ref {
					stores = append(stores, st)
				}
			}
		case *ssa.Store:
			if ref.Addr == a {
				return nil, false
			}
		}
	}
	return stores, true
}

// constructor returns what a call's callee stores into field cell of the
// object it returns as result idx, in terms of its parameters, and the
// callee's key; ok is false when the callee is not known to return new
// objects.
func (e *engine) constructor(common *ssa.CallCommon, idx int, cell string, hops int) (_ Origins, key string, ok bool) {
	fn := common.StaticCallee()
	if fn == nil || common.IsInvoke() {
		return nil, "", false
	}
	key = code.FuncKey(fn)
	if e.local(fn) {
		v := e.ctorField(code.Origin(fn), idx, cell, hops+1)
		return v, key, !v.Equal(hook.PlainCell(cell))
	}
	sum := e.summary(callee{fn: fn, key: key})
	if sum == nil {
		return nil, "", false
	}
	for _, f := range sum.Fields {
		if f.Result == idx && f.Cell == cell {
			return f.Value, key, true
		}
	}
	return nil, "", false
}

// ctorField is what fn stores into field cell of the object it returns as
// result idx, over its returns, in terms of its parameters (the field's
// cell when some return is not a new object).
func (e *engine) ctorField(fn *ssa.Function, idx int, cell string, hops int) Origins {
	k := ctorSlot{fn, idx, cell}
	if v, ok := e.ctorMemo[k]; ok {
		return v
	}
	e.ctorMemo[k] = hook.PlainCell(cell) // a recursive constructor: any object
	var parts []Origins
	seen := map[ssa.Value]bool{}
	for _, ret := range code.Returns(fn) {
		if idx >= len(ret.Results) {
			continue
		}
		parts = append(parts, e.objectValue(ret.Results[idx], cell, hops, seen))
	}
	v := lattice.Union(parts...)
	if len(fn.Blocks) == 0 {
		v = hook.PlainCell(cell)
	}
	e.ctorMemo[k] = v
	return v
}

// requireField records a requirement on field cell of the object
// parameter idx of function key points to, once, and queues it; the
// stores into the field through other pointers are required too. A
// function of another package (or one whose callers the engine cannot
// all see) has its field's cell required instead. With through, the field
// is that of the object held in field through of the parameter's object;
// the package's stores of objects into field through other than into new
// objects are checked too (setters).
func (e *engine) requireField(key string, idx int, cell, through string, r Req, pos token.Pos, queue *[]pending) {
	if e.std {
		return
	}
	fn, ok := e.byKey[key]
	if !ok || !e.local(fn) {
		e.require(cell, -1, r.For(cell), pos, queue)
		return
	}
	if _, isValue := e.valueFuncs[key]; isValue {
		// Used as a value (a method value bound to its receiver, a
		// handler): callers the engine does not see may pass any
		// object, and the calls it sees, in this package or another,
		// still pass theirs.
		e.require(cell, -1, r.For(cell), pos, queue)
	} else {
		aliased := r.For(cell)
		aliased.Tags.SetFlag(lattice.ReqAliased, true)
		e.require(cell, -1, aliased, pos, queue)
	}
	reqs := e.fieldReqs[key]
	if reqs == nil {
		reqs = map[fieldSlot]Req{}
		e.fieldReqs[key] = reqs
	}
	slot := fieldSlot{idx, cell, through}
	old, had := reqs[slot]
	var changed bool
	if r, changed = lattice.Arrive(old, had, r); !changed {
		return
	}
	reqs[slot] = r
	if through != "" {
		for _, st := range e.heldStores(through, false) {
			e.checkObject(st.Val, cell, "", extend(r, Hop{Name: cellName(through), Pos: e.At(st.Pos()), Object: true}), nil, st.Pos(), map[ssa.Value]bool{}, queue)
		}
	}
	*queue = append(*queue, pending{key: key, idx: idx, cell: cell, through: through, req: r, pos: pos})
}

// heldStores returns the package's stores into field cell (one that
// holds an object): with fresh, every one; without, those other than into
// a new object's field, where a setter puts an object there.
func (e *engine) heldStores(cell string, fresh bool) []*ssa.Store {
	all, ok := e.held[cell]
	if !ok {
		for _, fn := range e.funcs {
			for _, b := range fn.Blocks {
				for _, instr := range b.Instrs {
					if st, ok := instr.(*ssa.Store); ok && e.cellOf(st.Addr) == cell {
						all = append(all, st)
					}
				}
			}
		}
		e.held[cell] = all
	}
	if fresh {
		return all
	}
	var out []*ssa.Store
	for _, st := range all {
		if !hook.FreshStore(hook.StoreSite{Addr: st.Addr}) {
			out = append(out, st)
		}
	}
	return out
}

// checkObjectArg checks the object a call passes as argument idx against
// a requirement of its target on field cell of that object (or of the
// object held in its field through).
func (e *engine) checkObjectArg(cs callSite, idx int, cell, through string, r Req, queue *[]pending) {
	if cs.t.invoke {
		return
	}
	args := cs.t.args(cs.instr.Common())
	if idx >= len(args) {
		return
	}
	name := lattice.ShortName(cs.t.key)
	r = extend(r, Hop{Name: name, Pos: e.At(cs.instr.Pos())})
	e.checkObject(args[idx], cell, through, r, nil, cs.instr.Pos(), map[ssa.Value]bool{}, queue)
}

// ctorFrame is a call of a constructor whose result is the object being
// checked, with the requirement as seen from the call.
type ctorFrame struct {
	call *ssa.Call
	r    Req
}

// checkObject checks field cell of the object v (with through, of the
// object held in v's field through) against requirement r
// (whose hops start at the call that passes the object). v is a value of
// the innermost of frames, the constructor calls it was returned through
// (outermost first), or of the caller when there are none. The field is
// checked at the stores into a new object (a part of the value that
// arises in a constructor is reported where it is stored, a part that is
// a constructor's parameter at the constructor's call), as a requirement
// on a function's parameter, or on the field's cell.
func (e *engine) checkObject(v ssa.Value, cell, through string, r Req, frames []ctorFrame, pos token.Pos, seen map[ssa.Value]bool, queue *[]pending) {
	if through == "" {
		checkSetters(e, v, cell, queue)
	}
	field := cellName(cell)
	switch v := v.(type) {
	case *ssa.Parameter:
		if len(frames) > 0 {
			// A constructor returning its parameter: the caller's argument.
			f := frames[len(frames)-1]
			if i := slices.Index(v.Parent().Params, v); i >= 0 && i < len(f.call.Common().Args) {
				e.checkObject(f.call.Common().Args[i], cell, through, r, frames[:len(frames)-1], pos, seen, queue)
				return
			}
		} else if a := e.objectCell(hook.PlainCell(cell), v)[0]; a.Num(lattice.Obj) > 0 {
			e.requireField(a.TextOf(lattice.Of), a.Num(lattice.Obj)-1, cell, through, r, pos, queue)
			return
		}
	case *ssa.Alloc:
		if p := spilledParam(v); p != nil {
			e.checkObject(p, cell, through, r, frames, pos, seen, queue)
			return
		}
		if through != "" {
			if e.checkHeld(v, cell, through, r, frames, queue) {
				return
			}
			break
		}
		if stores, ok := newObjectStores(v, cell, e); ok {
			// The rules that exempt a store from a cell's requirement
			// are asked of the object's own stores too: what a store
			// never puts where the write reads (a default spelled out,
			// a store that never runs) is no origin of this object's
			// field either. The requirement is the object's own here,
			// where the objects are followed (not ReqAliased).
			own := r.For(cell)
			own.Tags.SetFlag(lattice.ReqAliased, false)
			for _, st := range stores {
				if e.hooks.storeExempt(e.rules, hook.StoreSite{Pos: st.Pos(), Val: st.Val, Fn: v.Parent(), Addr: st.Addr}, own) {
					continue
				}
				e.checkFramed(e.eval(st.Val), v.Parent(), frames, st.Pos(), AtStore, field, extend(r, Hop{Name: field, Pos: e.At(st.Pos()), Object: true}), queue)
			}
			return
		}
	case *ssa.MakeInterface:
		e.checkObject(v.X, cell, through, r, frames, pos, seen, queue)
		return
	case *ssa.UnOp:
		// A struct value loaded from a new object (TreeOptions{Path:
		// dir} passed by value): that object's stores.
		if a, ok := v.X.(*ssa.Alloc); ok && v.Op == token.MUL {
			e.checkObject(a, cell, through, r, frames, pos, seen, queue)
			return
		}
	case *ssa.Const:
		if v.IsNil() {
			return
		}
	case *ssa.Phi:
		if seen[v] {
			return
		}
		seen[v] = true
		for _, edge := range v.Edges {
			e.checkObject(edge, cell, through, r, frames, pos, seen, queue)
		}
		return
	case *ssa.Call, *ssa.Extract:
		call, idx := v, 0
		if x, ok := v.(*ssa.Extract); ok {
			call, idx = x.Tuple, x.Index
		}
		if c, ok := call.(*ssa.Call); ok && len(frames) < maxObjectHops {
			if e.checkConstructed(c, idx, cell, through, r, frames, queue) {
				return
			}
		}
	}
	e.require(cell, -1, r.For(cell), pos, queue)
}

// checkConstructed checks field cell of result idx of call c against r
// when the callee is a constructor: a function of the package through its
// returns, one of another package through its fact. It reports whether it
// was one.
func (e *engine) checkConstructed(c *ssa.Call, idx int, cell, through string, r Req, frames []ctorFrame, queue *[]pending) bool {
	common := c.Common()
	fn := common.StaticCallee()
	if fn == nil || common.IsInvoke() {
		return false
	}
	key := code.FuncKey(fn)
	name, at := lattice.ShortName(key), e.At(c.Pos())
	outer := extend(extend(r, Hop{Name: cellName(cell), Pos: at, Object: true}), Hop{Name: name, Pos: at})
	if len(frames) > 0 {
		outer = extend(frames[len(frames)-1].r, Hop{Name: name, Pos: at})
	}
	if !e.local(fn) {
		sum := e.summary(callee{fn: fn, key: key})
		if sum == nil || through != "" {
			return false // another package's constructor: its facts keep path fields only
		}
		for _, f := range sum.Fields {
			if f.Result == idx && f.Cell == cell {
				v := e.substitute(f.Value, key, common.Args, at)
				e.checkFramed(v, c.Parent(), frames, c.Pos(), AtCall, name, outer, queue)
				return true
			}
		}
		return false
	}
	fn = code.Origin(fn)
	if len(fn.Blocks) == 0 || slices.ContainsFunc(frames, func(f ctorFrame) bool { return f.call == c }) {
		return false
	}
	stored := cell
	if through != "" {
		stored = through
	}
	if e.ctorField(fn, idx, stored, 0).Equal(hook.PlainCell(stored)) {
		return false // not a constructor of this field's objects
	}
	frames = append(frames[:len(frames):len(frames)], ctorFrame{call: c, r: outer})
	seen := map[ssa.Value]bool{}
	for _, ret := range code.Returns(fn) {
		if idx < len(ret.Results) {
			e.checkObject(ret.Results[idx], cell, through, r, frames, c.Pos(), seen, queue)
		}
	}
	return true
}

// checkSetters checks the calls that hand object v, which reaches a
// write of its field cell, to a function of another module that stores a
// parameter into that field (a setter: SetConfigFile(path)): what such a
// call passes is what the write writes. The requirement the library
// puts on the parameter holds of every object of its type, so it is not
// applied to the library's calls as such (inModule); here the object is
// one that reaches the write. A store of the library's own (its
// parameter's field through a function of its package) is recognised by
// its requirement's object argument (lattice.ReqObjects) and the field it
// runs through.
func checkSetters(e *engine, v ssa.Value, cell string, queue *[]pending) {
	refs := v.Referrers()
	if refs == nil {
		return
	}
	via := cellName(cell)
	for _, ref := range *refs {
		call, ok := ref.(ssa.CallInstruction)
		if !ok || call.Common().IsInvoke() {
			continue
		}
		fn := call.Common().StaticCallee()
		if fn == nil || e.local(fn) {
			continue
		}
		key := code.FuncKey(fn)
		if e.inModule(key) {
			continue // the calls themselves are checked
		}
		t := callee{fn: fn, key: key}
		sum := e.summary(t)
		if sum == nil {
			continue
		}
		for j, arg := range call.Common().Args {
			if arg != v {
				continue
			}
			for _, pr := range sum.Reqs {
				if !slices.Contains(pr.Req.Tags.Set(lattice.ReqObjects), strconv.Itoa(j)) ||
					!slices.ContainsFunc(pr.Req.Via, func(h Hop) bool { return h.Name == via }) {
					continue
				}
				e.checkArg(callSite{instr: call, fn: call.Parent(), t: t}, pr.Index, pr.Req, queue)
			}
		}
	}
}

// checkHeld checks field cell of the object new object a holds in its
// field through: the objects stored there (a pointer, or a struct value
// stored whole), and the stores into the field's own fields (a struct
// held by value, filled in place). It reports false when a's fields are
// not known (a whole value stored into a).
func (e *engine) checkHeld(a *ssa.Alloc, cell, through string, r Req, frames []ctorFrame, queue *[]pending) bool {
	refs := *a.Referrers()
	for _, ref := range refs {
		if st, ok := ref.(*ssa.Store); ok && st.Addr == a {
			return false
		}
	}
	for _, ref := range refs {
		fa, ok := ref.(*ssa.FieldAddr)
		if !ok || code.FieldKey(fa.X.Type(), fa.Field, e) != through {
			continue
		}
		held := extend(r, Hop{Name: cellName(through), Pos: e.At(fa.Pos()), Object: true})
		for _, use := range *fa.Referrers() {
			switch use := use.(type) {
			case *ssa.Store:
				if use.Addr == fa {
					e.checkObject(use.Val, cell, "", held, frames, use.Pos(), map[ssa.Value]bool{}, queue)
				}
			case *ssa.FieldAddr:
				if code.FieldKey(use.X.Type(), use.Field, e) != cell {
					continue
				}
				for _, u := range *use.Referrers() {
					if st, ok := u.(*ssa.Store); ok && st.Addr == use {
						e.checkFramed(e.eval(st.Val), a.Parent(), frames, st.Pos(), AtStore, cellName(cell), extend(held, Hop{Name: cellName(cell), Pos: e.At(st.Pos()), Object: true}), queue)
					}
				}
			}
		}
	}
	return true
}

// requireHeld requires field cell of any object held in field through of
// the objects a call reaches among other implementations (through an
// interface): each object stored into through is checked (checkObject),
// not that field of every object of its type, which a helper's parsed
// address shares with the client's own location. Without through, or
// where the package may not see every object stored there (an exported
// field, one of another package), it is the
// field's cell. (A field no code stores into holds nil: the cell keeps
// the call checked all the same.)
func requireHeld(e *engine, cell, through string, r Req, pos token.Pos, queue *[]pending) {
	var stores []*ssa.Store
	if through != "" && ownUnexported(e.pass.Pkg.Path(), through) {
		stores = e.heldStores(through, true)
	}
	if len(stores) == 0 {
		e.require(cell, -1, r.For(cell), pos, queue)
		return
	}
	for _, st := range stores {
		held := extend(r.For(""), Hop{Name: cellName(through), Pos: e.At(st.Pos()), Object: true})
		e.checkObject(st.Val, cell, "", held, nil, st.Pos(), map[ssa.Value]bool{}, queue)
	}
}

// ownUnexported reports whether cell key names an unexported field of a
// named struct type of package pkg ("pkg.T.f"): only pkg can store into
// it.
func ownUnexported(pkg, key string) bool {
	rest, ok := strings.CutPrefix(key, pkg+".")
	if !ok {
		return false
	}
	typ, field, ok := strings.Cut(rest, ".")
	return ok && typ != "" && field != "" && !strings.Contains(field, ".") && !token.IsExported(field)
}

// checkFramed checks v, a value of function fn (the innermost of frames),
// against r: the parts that arise in fn are reported at pos; fn's
// parameters, as its callers' requirements would be (check), at the
// constructor call of the innermost frame, with that call's arguments,
// and so on out.
func (e *engine) checkFramed(v Origins, fn *ssa.Function, frames []ctorFrame, pos token.Pos, site Site, op string, r Req, queue *[]pending) {
	v = e.hooks.reqValue(e.rules, v, r)
	if len(frames) == 0 {
		e.check(v, pos, site, op, r, queue)
		return
	}
	key := code.FuncKey(fn)
	f := frames[len(frames)-1]
	outer := frames[:len(frames)-1]
	args := f.call.Common().Args
	at := e.At(f.call.Pos())
	name := lattice.ShortName(key)
	// as is the requirement at the call for symbolic origin a.
	as := func(a Origin) Req { return f.r.WithSymbolTransforms(r.On(a)) }
	var own Origins
	for _, a := range v {
		switch {
		case a.Kind == Param && a.Key == key && a.Index >= 0 && a.Index < len(args):
			rr := as(a)
			av := e.eval(args[a.Index])
			if rr.Tags.Flag(lattice.ReqEmptyTemp) {
				av = hook.EmptyIsTemp(av)
			}
			e.checkFramed(av, f.call.Parent(), outer, f.call.Pos(), AtCall, name, rr, queue)
		case a.Kind == Cell && a.Num(lattice.Obj) > 0 && a.TextOf(lattice.Of) == key && a.Num(lattice.Obj)-1 < len(args):
			// A field of an object the constructor is given.
			e.checkObject(args[a.Num(lattice.Obj)-1], a.Key, a.TextOf(lattice.Through), as(a), outer, f.call.Pos(), map[ssa.Value]bool{}, queue)
		case a.Kind == Env && a.Key == key, a.Num(lattice.Below) > 0:
			e.checkFramed(e.substitute(Origins{a}, key, args, at), f.call.Parent(), outer, f.call.Pos(), AtCall, name, as(a), queue)
		default:
			own = append(own, a)
		}
	}
	if len(own) > 0 {
		e.check(own, pos, site, op, r, queue)
	}
}

// fieldReqList flattens a function's field requirements, sorted.
func fieldReqList(m map[fieldSlot]Req) []FieldReq {
	var out []FieldReq
	for s, r := range m {
		out = append(out, FieldReq{Index: s.idx, Cell: s.cell, Through: s.through, Req: r})
	}
	slices.SortFunc(out, func(a, b FieldReq) int {
		if a.Index != b.Index {
			return a.Index - b.Index
		}
		if c := strings.Compare(a.Cell, b.Cell); c != 0 {
			return c
		}
		return strings.Compare(a.Through, b.Through)
	})
	return out
}

// importedFieldReqs checks the calls of this package to a function of
// another (key) against its requirements on its parameters' fields.
func (e *engine) importedFieldReqs(key string, sites []callSite, queue *[]pending) {
	sum := e.summary(sites[0].t)
	if sum == nil || len(sum.FieldReqs) == 0 {
		return
	}
	for _, fr := range sum.FieldReqs {
		if !e.inModule(key) && throughCell(fr.Req) {
			continue // a library's own fields: see inModule
		}
		for _, cs := range sites {
			if _, isValue := e.valueFuncs[key]; cs.t.shared || isValue {
				e.require(fr.Cell, -1, fr.Req.For(fr.Cell), cs.instr.Pos(), queue)
				continue
			}
			e.checkObjectArg(cs, fr.Index, fr.Cell, fr.Through, fr.Req, queue)
		}
	}
}

// resultFields is what fn stores into the fields of the new objects it
// returns, for FuncFact.Fields: the fields that can hold paths, where
// that is known better than the field of every object.
func (e *engine) resultFields(fn *ssa.Function) []ResultField {
	res := fn.Signature.Results()
	root, isAuthority := e.authorityStore(fn, e.At(fn.Pos())) // an authority's struct holds roots
	var out []ResultField
	for i := range res.Len() {
		st := code.BaseStruct(res.At(i).Type())
		if st == nil {
			continue
		}
		for j := range st.NumFields() {
			if !code.IsPathType(st.Field(j).Type()) {
				continue
			}
			cell := code.FieldKey(res.At(i).Type(), j, e)
			if v := e.ctorField(fn, i, cell, 0); !v.Equal(hook.PlainCell(cell)) {
				if isAuthority {
					v = Origins{root}
				}
				out = append(out, ResultField{Result: i, Cell: cell, Value: v})
			}
		}
	}
	return out
}

// valueFuncFallback requires the fields another package's functions
// require of their parameters' objects of every object, for those this
// package uses as values: the calls through the values are not followed.
func (e *engine) valueFuncFallback(queue *[]pending) {
	for _, key := range sortedKeys(e.valueFuncs) {
		obj := e.valueFuncs[key]
		if obj.Pkg() == e.pass.Pkg {
			continue // requireField sees to them
		}
		sum := e.summary(callee{key: key, obj: obj})
		if sum == nil {
			continue
		}
		for _, fr := range sum.FieldReqs {
			if e.inModule(key) || !throughCell(fr.Req) {
				e.require(fr.Cell, -1, fr.Req.For(fr.Cell), token.NoPos, queue)
			}
		}
	}
}

// anyObject returns v with its fields read through parameters as the
// fields of whichever object: what the analyzers see of a write's path.
func anyObject(v Origins) Origins {
	if !slices.ContainsFunc(v, func(a Origin) bool { return a.Num(lattice.Obj) != 0 }) {
		return v
	}
	return v.Map(func(a Origin) Origins {
		a.SetText(lattice.Of, "")
		a.SetNum(lattice.Obj, 0)
		a.SetText(lattice.Through, "")
		return Origins{a}
	})
}

// anyObjectReaches is anyObject of the reaches' paths, for the analyzers
// (the facts keep the fields of the parameters' objects).
func anyObjectReaches(rs []Reach) []Reach {
	var out []Reach
	for i, r := range rs {
		p := anyObject(r.Path)
		if out == nil && p.Equal(r.Path) {
			continue
		}
		if out == nil {
			out = slices.Clone(rs)
		}
		out[i].Path = p
	}
	if out == nil {
		return rs
	}
	return out
}

// throughConstructors takes what a constructor stored into the object it
// returns to the caller that stored the object: its parameters become the
// call's arguments, innermost call first.
func (e *engine) throughConstructors(v Origins, via []ssa.CallInstruction) Origins {
	for i := len(via) - 1; i >= 0; i-- {
		common := via[i].Common()
		v = e.substitute(v, code.FuncKey(common.StaticCallee()), common.Args, e.At(via[i].Pos()))
	}
	return v
}
