package rootflow

import (
	"go/token"
	"go/types"

	"github.com/staterootlint/staterootlint/analyzers/internal/lattice"
	"golang.org/x/tools/go/ssa"
)

// A rule is one idiom of the engine: a refinement of how values flow that
// real programs need for precision (a default spelled out, a join that
// keeps absolute paths, a copy of the environment). Each rule is one file
// that implements one or more of the hook interfaces below, with a doc
// comment that says what it decides and where it is unsound; the core
// calls each hook from one place (hooks.go) and knows no rule by name.
// The list rules registers them; its order is the order hooks run in.
type rule interface {
	// name is the rule's kebab-case name, used by the registry test and
	// by the test-only switch (Config.rulesOff).
	name() string
}

// rules is every idiom rule, in the order their hooks run.
var rules = []rule{
	chdirRule{},
	guardedWriteRule{},
	selfCopyRule{},
	privateAliasRule{},
	cwdDefaultRule{},
	envMapRule{},
	emptyTempRule{},
	stdObjectsRule{},
	localObjectsRule{},
	embeddedBaseRule{},
	ctorObjectsRule{},
	absGuardRule{},
	emptyReturnRule{},
	nonEmptyRule{},
	askedRule{},
	projectDirRule{},
	userDefaultsRule{},
	tildeRule{},
	convertedImplsRule{},
}

// phiEdgeRule may decide the value a phi receives along edge i (the
// branch it arrives from tells more than the value: `if x == "" { x = def
// }`); ok false leaves it to the next rule, and in the end to the edge's
// own value.
type phiEdgeRule interface {
	rule
	phiEdge(e *engine, phi *ssa.Phi, i int) (v Origins, ok bool)
}

// edgeValueRule refines the value v a phi receives along edge i when no
// phiEdgeRule decided it (the home directory on a branch a user's flag
// decides is the one the user asked for).
type edgeValueRule interface {
	rule
	edgeValue(e *engine, phi *ssa.Phi, i int, v Origins) Origins
}

// phiJoinRule refines the value of a phi, the union of its edges.
type phiJoinRule interface {
	rule
	phiJoin(e *engine, phi *ssa.Phi, v Origins) Origins
}

// returnRule may decide what a function returns as result value r from
// block b (a return that runs only where r is "" returns ""); ok false
// leaves it to the next rule, and in the end to r's value v.
type returnRule interface {
	rule
	returnValue(e *engine, b *ssa.BasicBlock, r ssa.Value, v Origins) (out Origins, ok bool)
}

// bindArgRule transforms arg, the value a call passes for the callee's
// parameter origin a (a summary's Param origin of the called function),
// as a's tags say the callee uses it. args are the call's arguments.
type bindArgRule interface {
	rule
	bindArg(e *engine, a Origin, arg Origins, args []ssa.Value, at token.Position) Origins
}

// bindSymbolRule may resolve, at a call of function key with args, an
// origin of the callee's summary that is not one of its parameters (a
// field of the object a parameter points to); ok false leaves it as it
// is.
type bindSymbolRule interface {
	rule
	bindSymbol(e *engine, a Origin, key string, args []ssa.Value, at token.Position) (v Origins, ok bool)
}

// checkValueRule transforms the value checked against requirement r, as
// r's tags say the write uses it (only where it is absolute, the elements
// of a map at some keys).
type checkValueRule interface {
	rule
	checkValue(e *engine, r Req, v Origins) Origins
}

// siteValueRule transforms the value a write or a call passes as a path,
// where it is passed: in block b of function fn (a relative path after the
// function changed directory lands below the new one).
type siteValueRule interface {
	rule
	siteValue(e *engine, fn *ssa.Function, b *ssa.BasicBlock, v Origins) Origins
}

// siteReqRule refines the requirement a write or a call puts on the value
// arg it is passed at instr (the write runs only for records whose flag is
// set).
type siteReqRule interface {
	rule
	siteReq(e *engine, instr ssa.Instruction, arg ssa.Value, r Req) Req
}

// storeExemptRule may exempt store s into a cell from requirement r on
// the cell: what it stores never reaches the write.
type storeExemptRule interface {
	rule
	exemptStore(e *engine, s storeSite, r Req) bool
}

// storeReqRule may decide the requirement store s answers to for
// requirement r on its cell; ok false leaves the default, r without a
// guard (a guard is about the record the write reads, not the store's).
type storeReqRule interface {
	rule
	storeReq(e *engine, s storeSite, r Req) (out Req, ok bool)
}

// joinRule may decide the value of filepath.Join(first, rest...) (whose
// constant elements after the first make the pattern suffix); ok false
// leaves it to the next rule, and in the end to the first element's value
// with the suffix appended.
type joinRule interface {
	rule
	join(e *engine, first ssa.Value, rest []ssa.Value, suffix string, at token.Position) (v Origins, ok bool)
}

// concatRule may decide the value of the string concatenation b; ok
// false leaves it to the next rule, and in the end to the left operand's
// value with the right one's pattern appended.
type concatRule interface {
	rule
	concat(e *engine, b *ssa.BinOp) (v Origins, ok bool)
}

// joinBaseRule refines the value of a join's first element, base, given
// the elements rest joined below it (a path the user chose below the
// working directory makes it the user's base).
type joinBaseRule interface {
	rule
	joinBase(e *engine, base Origins, rest []ssa.Value) Origins
}

// fieldReadRule may decide the value of read, a read of field number
// field of x (an *ssa.Field of a struct value, or an *ssa.FieldAddr
// loaded); ok false leaves it to the next rule, and in the end to the
// field's cell (that field of every object of the type).
type fieldReadRule interface {
	rule
	fieldRead(e *engine, read, x ssa.Value, field int, pos token.Pos) (v Origins, ok bool)
}

// mapRule says what a map the function makes is (madeMap) and what an
// origin of a map holds at a constant key (mapElem); ok false leaves each
// to the next rule, and in the end to a map element the analysis does not
// follow (maps.go).
type mapRule interface {
	rule
	madeMap(e *engine, m *ssa.MakeMap) (v Origins, ok bool)
	mapElem(e *engine, m Origin, key string, at token.Position) (v Origins, ok bool)
}

// indexRule collects what the rule needs in the index's one pass over the
// package: index sees every instruction of every function, and indexed
// runs once after the pass, before any evaluation. The index is frozen
// after it.
type indexRule interface {
	rule
	index(e *engine, fn *ssa.Function, instr ssa.Instruction)
	indexed(e *engine)
}

// ownStoreRule may claim a store into a field as its own: a store into an
// object whose fields only the rule's reads see (its fieldRead), which is
// then no store into the field's cell.
type ownStoreRule interface {
	rule
	ownsStore(e *engine, s *ssa.Store) bool
}

// dispatchRule may decide that the requirements of the method of named
// type t (or *t), one of several implementations in sight of the
// interface method m an invoke call names, bind the call: its receiver
// may be the one that runs. site says where the call's receiver comes
// from. It is asked before t is known to implement m's interface, so it
// is cheap and says false for most types.
type dispatchRule interface {
	rule
	dispatchBinds(e *engine, m *types.Func, t *types.TypeName, site dispatchSite) bool
}

// hooks are the enabled rules, by hook, in registration order: built once
// per engine from rules and Config.rulesOff.
type hooks struct {
	phiEdge    []phiEdgeRule
	edgeValue  []edgeValueRule
	phiJoin    []phiJoinRule
	returns    []returnRule
	bindArg    []bindArgRule
	bindSymbol []bindSymbolRule
	checkValue []checkValueRule
	siteValue  []siteValueRule
	siteReq    []siteReqRule
	exempt     []storeExemptRule
	storeReq   []storeReqRule
	join       []joinRule
	joinBase   []joinBaseRule
	fieldRead  []fieldReadRule
	concat     []concatRule
	maps       []mapRule
	index      []indexRule
	ownStore   []ownStoreRule
	dispatch   []dispatchRule
}

// newHooks sorts the rules of list not switched off into their hooks.
func newHooks(list []rule, off map[string]bool) hooks {
	var h hooks
	for _, r := range list {
		if off[r.name()] {
			continue
		}
		if r, ok := r.(phiEdgeRule); ok {
			h.phiEdge = append(h.phiEdge, r)
		}
		if r, ok := r.(edgeValueRule); ok {
			h.edgeValue = append(h.edgeValue, r)
		}
		if r, ok := r.(phiJoinRule); ok {
			h.phiJoin = append(h.phiJoin, r)
		}
		if r, ok := r.(returnRule); ok {
			h.returns = append(h.returns, r)
		}
		if r, ok := r.(bindArgRule); ok {
			h.bindArg = append(h.bindArg, r)
		}
		if r, ok := r.(bindSymbolRule); ok {
			h.bindSymbol = append(h.bindSymbol, r)
		}
		if r, ok := r.(checkValueRule); ok {
			h.checkValue = append(h.checkValue, r)
		}
		if r, ok := r.(siteValueRule); ok {
			h.siteValue = append(h.siteValue, r)
		}
		if r, ok := r.(siteReqRule); ok {
			h.siteReq = append(h.siteReq, r)
		}
		if r, ok := r.(storeExemptRule); ok {
			h.exempt = append(h.exempt, r)
		}
		if r, ok := r.(storeReqRule); ok {
			h.storeReq = append(h.storeReq, r)
		}
		if r, ok := r.(joinRule); ok {
			h.join = append(h.join, r)
		}
		if r, ok := r.(joinBaseRule); ok {
			h.joinBase = append(h.joinBase, r)
		}
		if r, ok := r.(fieldReadRule); ok {
			h.fieldRead = append(h.fieldRead, r)
		}
		if r, ok := r.(concatRule); ok {
			h.concat = append(h.concat, r)
		}
		if r, ok := r.(mapRule); ok {
			h.maps = append(h.maps, r)
		}
		if r, ok := r.(indexRule); ok {
			h.index = append(h.index, r)
		}
		if r, ok := r.(ownStoreRule); ok {
			h.ownStore = append(h.ownStore, r)
		}
		if r, ok := r.(dispatchRule); ok {
			h.dispatch = append(h.dispatch, r)
		}
	}
	return h
}

// edgeValue is the value phi receives along edge i: a rule's decision, or
// the edge's own value.
func (e *engine) edgeValue(phi *ssa.Phi, i int) Origins {
	for _, r := range e.hooks.phiEdge {
		if v, ok := r.phiEdge(e, phi, i); ok {
			return v
		}
	}
	v := e.eval(phi.Edges[i])
	for _, r := range e.hooks.edgeValue {
		v = r.edgeValue(e, phi, i, v)
	}
	return v
}

// joinValue is the value of phi, whose edges' union is v.
func (e *engine) joinValue(phi *ssa.Phi, v Origins) Origins {
	for _, r := range e.hooks.phiJoin {
		v = r.phiJoin(e, phi, v)
	}
	return v
}

// returnValue is what a return in block b gives for result value r.
func (e *engine) returnValue(b *ssa.BasicBlock, r ssa.Value) Origins {
	v := e.eval(r)
	for _, rule := range e.hooks.returns {
		if out, ok := rule.returnValue(e, b, r, v); ok {
			return out
		}
	}
	return v
}

// bindArg is the caller's argument arg for the callee's parameter origin
// a, transformed as a's tags say.
func (e *engine) bindArg(a Origin, arg Origins, args []ssa.Value, at token.Position) Origins {
	for _, r := range e.hooks.bindArg {
		arg = r.bindArg(e, a, arg, args, at)
	}
	return arg
}

// bindSymbol resolves an origin of a callee's summary that is not one of
// its parameters at a call of key with args.
func (e *engine) bindSymbol(a Origin, key string, args []ssa.Value, at token.Position) Origins {
	for _, r := range e.hooks.bindSymbol {
		if v, ok := r.bindSymbol(e, a, key, args, at); ok {
			return v
		}
	}
	return Origins{a}
}

// reqValue returns the value checked against requirement r.
func (e *engine) reqValue(v Origins, r Req) Origins {
	for _, rule := range e.hooks.checkValue {
		v = rule.checkValue(e, r, v)
	}
	return climbed(v, r)
}

// siteValue is the value passed as a path in block b of fn.
func (e *engine) siteValue(fn *ssa.Function, b *ssa.BasicBlock, v Origins) Origins {
	for _, r := range e.hooks.siteValue {
		v = r.siteValue(e, fn, b, v)
	}
	return v
}

// siteReq is the requirement a write or call at instr puts on arg.
func (e *engine) siteReq(instr ssa.Instruction, arg ssa.Value, r Req) Req {
	for _, rule := range e.hooks.siteReq {
		r = rule.siteReq(e, instr, arg, r)
	}
	return r
}

// storeExempt reports whether a rule exempts store s from r.
func (e *engine) storeExempt(s storeSite, r Req) bool {
	for _, rule := range e.hooks.exempt {
		if rule.exemptStore(e, s, r) {
			return true
		}
	}
	return false
}

// storeReq is the requirement store s answers to for r on its cell.
func (e *engine) storeReq(s storeSite, r Req) Req {
	for _, rule := range e.hooks.storeReq {
		if out, ok := rule.storeReq(e, s, r); ok {
			return out
		}
	}
	return r.For("")
}

// joined is the value of filepath.Join(first, rest...) with suffix the
// pattern of its constant elements after the first.
func (e *engine) joined(first ssa.Value, rest []ssa.Value, suffix string, at token.Position) Origins {
	for _, r := range e.hooks.join {
		if v, ok := r.join(e, first, rest, suffix, at); ok {
			return v
		}
	}
	base := e.eval(first)
	for _, r := range e.hooks.joinBase {
		base = r.joinBase(e, base, rest)
	}
	return base.Map(func(a Origin) Origins { return Origins{a.AppendPath(suffix, at)} })
}

// fieldValue is the value of read, a read of field number field of x.
func (e *engine) fieldValue(read, x ssa.Value, field int, pos token.Pos) Origins {
	for _, r := range e.hooks.fieldRead {
		if v, ok := r.fieldRead(e, read, x, field, pos); ok {
			return v
		}
	}
	return e.cell(fieldKey(x.Type(), field, e), pos)
}

// concatenated is a rule's value for the concatenation b; ok false when
// no rule decides it.
func (e *engine) concatenated(b *ssa.BinOp) (Origins, bool) {
	for _, r := range e.hooks.concat {
		if v, ok := r.concat(e, b); ok {
			return v, true
		}
	}
	return nil, false
}

// madeMap evaluates a map the function makes: what a rule says it is, or
// a map whose elements the analysis does not follow.
func (e *engine) madeMap(m *ssa.MakeMap) Origins {
	for _, r := range e.hooks.maps {
		if v, ok := r.madeMap(e, m); ok {
			return v
		}
	}
	return unfollowedElement(e.at(m.Pos()))
}

// mapElem is the element at constant key of a map whose origin is a.
func (e *engine) mapElem(a Origin, key string, at token.Position) Origins {
	for _, r := range e.hooks.maps {
		if v, ok := r.mapElem(e, a, key, at); ok {
			return v
		}
	}
	if a.Kind == Empty {
		return Origins{a} // a nil map's element is ""
	}
	return unfollowedElement(at)
}

// indexInstr shows instr of fn to the rules that index.
func (e *engine) indexInstr(fn *ssa.Function, instr ssa.Instruction) {
	for _, r := range e.hooks.index {
		r.index(e, fn, instr)
	}
}

// indexDone tells the rules that index that the pass is over.
func (e *engine) indexDone() {
	for _, r := range e.hooks.index {
		r.indexed(e)
	}
}

// ownedStore reports whether a rule claims store s (it is no store into
// its field's cell).
func (e *engine) ownedStore(s *ssa.Store) bool {
	for _, r := range e.hooks.ownStore {
		if r.ownsStore(e, s) {
			return true
		}
	}
	return false
}

// dispatchBinds reports whether a rule binds an interface call of m to
// the requirements of the method of t, one of several implementations in
// sight.
func (e *engine) dispatchBinds(m *types.Func, t *types.TypeName, site dispatchSite) bool {
	for _, r := range e.hooks.dispatch {
		if r.dispatchBinds(e, m, t, site) {
			return true
		}
	}
	return false
}

// unionEach is the union of f over the elements of s (a requirement's
// keys or places).
func unionEach(s []string, f func(string) Origins) Origins {
	parts := make([]Origins, len(s))
	for i, x := range s {
		parts[i] = f(x)
	}
	return lattice.Union(parts...)
}
