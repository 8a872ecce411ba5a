package rootflow

import (
	"slices"
	"strings"

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

// packageRule is a rule that keeps what it learns about the package it
// runs on (what its index hook collects, answers it memoizes): the
// registered value is a prototype, and each run asks it for a fresh
// instance, so the rule's state is its own and runs stay independent.
type packageRule interface {
	rule
	forPackage() rule
}

// rules is every idiom rule, in the order their hooks run.
var rules = []rule{
	&chdirRule{},
	&guardedWriteRule{},
	selfCopyRule{},
	privateAliasRule{},
	cwdDefaultRule{},
	envMapRule{},
	&madeMapsRule{},
	emptyTempRule{},
	stdObjectsRule{},
	&localObjectsRule{},
	&embeddedBaseRule{},
	ctorObjectsRule{},
	absGuardRule{},
	emptyReturnRule{},
	nonEmptyRule{},
	askedRule{},
	projectDirRule{},
	userDefaultsRule{},
	tildeRule{},
	&convertedImplsRule{},
	reflectFilledRule{},
}

// phiEdgeRule may decide the value a phi receives along edge i (the
// branch it arrives from tells more than the value: `if x == "" { x = def
// }`); ok false leaves it to the next rule, and in the end to the edge's
// own value.
type phiEdgeRule interface {
	rule
	phiEdge(ctx ruleContext, phi *ssa.Phi, i int) (v Origins, ok bool)
}

// edgeValueRule refines the value v a phi receives along edge i when no
// phiEdgeRule decided it (the home directory on a branch a user's flag
// decides is the one the user asked for).
type edgeValueRule interface {
	rule
	edgeValue(ctx ruleContext, phi *ssa.Phi, i int, v Origins) Origins
}

// phiJoinRule refines the value of a phi, the union of its edges.
type phiJoinRule interface {
	rule
	phiJoin(ctx ruleContext, phi *ssa.Phi, v Origins) Origins
}

// returnRule may decide what a function returns as result value r from
// block b (a return that runs only where r is "" returns ""); ok false
// leaves it to the next rule, and in the end to r's value v.
type returnRule interface {
	rule
	returnValue(ctx ruleContext, b *ssa.BasicBlock, r ssa.Value, v Origins) (out Origins, ok bool)
}

// bindArgRule transforms arg, the value a call passes for the callee's
// parameter origin a (a summary's Param origin of the called function),
// as a's tags say the callee uses it. args are the call's arguments.
type bindArgRule interface {
	rule
	bindArg(ctx ruleContext, a Origin, arg Origins, args []ssa.Value, at token.Position) Origins
}

// bindSymbolRule may resolve, at a call of function key with args, an
// origin of the callee's summary that is not one of its parameters (a
// field of the object a parameter points to); ok false leaves it as it
// is.
type bindSymbolRule interface {
	rule
	bindSymbol(ctx ruleContext, a Origin, key string, args []ssa.Value, at token.Position) (v Origins, ok bool)
}

// checkValueRule transforms the value checked against requirement r, as
// r's tags say the write uses it (only where it is absolute, the elements
// of a map at some keys).
type checkValueRule interface {
	rule
	checkValue(ctx ruleContext, r Req, v Origins) Origins
}

// siteValueRule transforms the value a write or a call passes as a path,
// where it is passed: in block b of function fn (a relative path after the
// function changed directory lands below the new one).
type siteValueRule interface {
	rule
	siteValue(ctx ruleContext, fn *ssa.Function, b *ssa.BasicBlock, v Origins) Origins
}

// siteReqRule refines the requirement a write or a call puts on the value
// arg it is passed at instr (the write runs only for records whose flag is
// set).
type siteReqRule interface {
	rule
	siteReq(ctx ruleContext, instr ssa.Instruction, arg ssa.Value, r Req) Req
}

// storeExemptRule may exempt store s into a cell from requirement r on
// the cell: what it stores never reaches the write.
type storeExemptRule interface {
	rule
	exemptStore(ctx ruleContext, s storeSite, r Req) bool
}

// storeReqRule may decide the requirement store s answers to for
// requirement r on its cell; ok false leaves the default, r without a
// guard (a guard is about the record the write reads, not the store's).
type storeReqRule interface {
	rule
	storeReq(ctx ruleContext, s storeSite, r Req) (out Req, ok bool)
}

// callExemptRule may exempt a call from requirement r its target puts on
// one of its arguments: what the call passes there never reaches the
// write (the object a setter stores it into is the caller's own). args
// are the call's arguments, SSA-numbered.
type callExemptRule interface {
	rule
	exemptCall(ctx ruleContext, instr ssa.CallInstruction, args []ssa.Value, r Req) bool
}

// joinRule may decide the value of filepath.Join(first, rest...) (whose
// constant elements after the first make the pattern suffix); ok false
// leaves it to the next rule, and in the end to the first element's value
// with the suffix appended.
type joinRule interface {
	rule
	join(ctx ruleContext, first ssa.Value, rest []ssa.Value, suffix string, at token.Position) (v Origins, ok bool)
}

// concatRule may decide the value of the string concatenation b; ok
// false leaves it to the next rule, and in the end to the left operand's
// value with the right one's pattern appended.
type concatRule interface {
	rule
	concat(ctx ruleContext, b *ssa.BinOp) (v Origins, ok bool)
}

// joinBaseRule refines the value of a join's first element, base, given
// the elements rest joined below it (a path the user chose below the
// working directory makes it the user's base).
type joinBaseRule interface {
	rule
	joinBase(ctx ruleContext, base Origins, first ssa.Value, rest []ssa.Value, b *ssa.BasicBlock) Origins
}

// fieldReadRule may decide the value of read, a read of field number
// field of x (an *ssa.Field of a struct value, or an *ssa.FieldAddr
// loaded); ok false leaves it to the next rule, and in the end to the
// field's cell (that field of every object of the type).
type fieldReadRule interface {
	rule
	fieldRead(ctx ruleContext, read, x ssa.Value, field int, pos token.Pos) (v Origins, ok bool)
}

// mapRule says what a map the function makes is (madeMap) and what an
// origin of a map holds at a constant key, or at anyKey for a key the
// analysis does not know (mapElem); ok false leaves each
// to the next rule, and in the end to a map element the analysis does not
// follow (maps.go).
type mapRule interface {
	rule
	madeMap(ctx ruleContext, m *ssa.MakeMap) (v Origins, ok bool)
	mapElem(ctx ruleContext, m Origin, key string, at token.Position) (v Origins, ok bool)
}

// indexRule collects what the rule needs in the index's one pass over the
// package: index sees every instruction of every function, and indexed
// runs once after the pass, before any evaluation. The index is frozen
// after it.
type indexRule interface {
	rule
	index(ctx ruleContext, fn *ssa.Function, instr ssa.Instruction)
	indexed(ctx ruleContext)
}

// ownStoreRule may claim a store into a field as its own: a store into an
// object whose fields only the rule's reads see (its fieldRead), which is
// then no store into the field's cell.
type ownStoreRule interface {
	rule
	ownsStore(ctx ruleContext, s *ssa.Store) bool
}

// dispatchRule may decide that the requirements of the method of named
// type t (or *t), one of several implementations in sight of the
// interface method m an invoke call names, bind the call: its receiver
// may be the one that runs. site says where the call's receiver comes
// from. It is asked before t is known to implement m's interface, so it
// is cheap and says false for most types.
type dispatchRule interface {
	rule
	dispatchBinds(ctx ruleContext, m *types.Func, t *types.TypeName, site dispatchSite) bool
}

// hooks are the enabled rules, by hook, in registration order: built once
// per engine from rules and Config.rulesOff.
type hooks struct {
	onPhiEdge    []phiEdgeRule
	onEdgeValue  []edgeValueRule
	onPhiJoin    []phiJoinRule
	onReturns    []returnRule
	onBindArg    []bindArgRule
	onBindSymbol []bindSymbolRule
	onCheckValue []checkValueRule
	onSiteValue  []siteValueRule
	onSiteReq    []siteReqRule
	onExempt     []storeExemptRule
	onStoreReq   []storeReqRule
	onCallExempt []callExemptRule
	onJoin       []joinRule
	onJoinBase   []joinBaseRule
	onFieldRead  []fieldReadRule
	onConcat     []concatRule
	onMaps       []mapRule
	onIndex      []indexRule
	onOwnStore   []ownStoreRule
	onDispatch   []dispatchRule
}

// newHooks sorts the rules of list not switched off into their hooks.
func newHooks(list []rule, off map[string]bool) hooks {
	var h hooks
	for _, r := range list {
		if off[r.name()] {
			continue
		}
		if p, ok := r.(packageRule); ok {
			r = p.forPackage()
		}
		if r, ok := r.(phiEdgeRule); ok {
			h.onPhiEdge = append(h.onPhiEdge, r)
		}
		if r, ok := r.(edgeValueRule); ok {
			h.onEdgeValue = append(h.onEdgeValue, r)
		}
		if r, ok := r.(phiJoinRule); ok {
			h.onPhiJoin = append(h.onPhiJoin, r)
		}
		if r, ok := r.(returnRule); ok {
			h.onReturns = append(h.onReturns, r)
		}
		if r, ok := r.(bindArgRule); ok {
			h.onBindArg = append(h.onBindArg, r)
		}
		if r, ok := r.(bindSymbolRule); ok {
			h.onBindSymbol = append(h.onBindSymbol, r)
		}
		if r, ok := r.(checkValueRule); ok {
			h.onCheckValue = append(h.onCheckValue, r)
		}
		if r, ok := r.(siteValueRule); ok {
			h.onSiteValue = append(h.onSiteValue, r)
		}
		if r, ok := r.(siteReqRule); ok {
			h.onSiteReq = append(h.onSiteReq, r)
		}
		if r, ok := r.(storeExemptRule); ok {
			h.onExempt = append(h.onExempt, r)
		}
		if r, ok := r.(storeReqRule); ok {
			h.onStoreReq = append(h.onStoreReq, r)
		}
		if r, ok := r.(callExemptRule); ok {
			h.onCallExempt = append(h.onCallExempt, r)
		}
		if r, ok := r.(joinRule); ok {
			h.onJoin = append(h.onJoin, r)
		}
		if r, ok := r.(joinBaseRule); ok {
			h.onJoinBase = append(h.onJoinBase, r)
		}
		if r, ok := r.(fieldReadRule); ok {
			h.onFieldRead = append(h.onFieldRead, r)
		}
		if r, ok := r.(concatRule); ok {
			h.onConcat = append(h.onConcat, r)
		}
		if r, ok := r.(mapRule); ok {
			h.onMaps = append(h.onMaps, r)
		}
		if r, ok := r.(indexRule); ok {
			h.onIndex = append(h.onIndex, r)
		}
		if r, ok := r.(ownStoreRule); ok {
			h.onOwnStore = append(h.onOwnStore, r)
		}
		if r, ok := r.(dispatchRule); ok {
			h.onDispatch = append(h.onDispatch, r)
		}
	}
	return h
}

// edgeValue is the value phi receives along edge i: a rule's decision, or
// the edge's own value.
func (h *hooks) edgeValue(ctx ruleContext, phi *ssa.Phi, i int) Origins {
	for _, r := range h.onPhiEdge {
		if v, ok := r.phiEdge(ctx, phi, i); ok {
			return v
		}
	}
	v := ctx.eval(phi.Edges[i])
	for _, r := range h.onEdgeValue {
		v = r.edgeValue(ctx, phi, i, v)
	}
	return v
}

// joinValue is the value of phi, whose edges' union is v.
func (h *hooks) joinValue(ctx ruleContext, phi *ssa.Phi, v Origins) Origins {
	for _, r := range h.onPhiJoin {
		v = r.phiJoin(ctx, phi, v)
	}
	return v
}

// returnValue is what a return in block b gives for result value r.
func (h *hooks) returnValue(ctx ruleContext, b *ssa.BasicBlock, r ssa.Value) Origins {
	v := ctx.eval(r)
	for _, rule := range h.onReturns {
		if out, ok := rule.returnValue(ctx, b, r, v); ok {
			return out
		}
	}
	return v
}

// bindArg is the caller's argument arg for the callee's parameter origin
// a, transformed as a's tags say.
func (h *hooks) bindArg(ctx ruleContext, a Origin, arg Origins, args []ssa.Value, at token.Position) Origins {
	for _, r := range h.onBindArg {
		arg = r.bindArg(ctx, a, arg, args, at)
	}
	return arg
}

// bindSymbol resolves an origin of a callee's summary that is not one of
// its parameters at a call of key with args.
func (h *hooks) bindSymbol(ctx ruleContext, a Origin, key string, args []ssa.Value, at token.Position) Origins {
	return h.bindSymbolFrom(ctx, nil, a, key, args, at)
}

// bindSymbolFrom is bindSymbol by the rules registered after rule after
// (all of them when after is nil).
func (h *hooks) bindSymbolFrom(ctx ruleContext, after rule, a Origin, key string, args []ssa.Value, at token.Position) Origins {
	rules := h.onBindSymbol
	if after != nil {
		i := slices.IndexFunc(rules, func(r bindSymbolRule) bool { return r.name() == after.name() })
		rules = rules[i+1:] // i is -1 for a rule with no such hook: all of them
	}
	for _, r := range rules {
		if v, ok := r.bindSymbol(ctx, a, key, args, at); ok {
			return v
		}
	}
	return Origins{a}
}

// reqValue returns the value checked against requirement r.
func (h *hooks) reqValue(ctx ruleContext, v Origins, r Req) Origins {
	for _, rule := range h.onCheckValue {
		v = rule.checkValue(ctx, r, v)
	}
	return climbed(v, r)
}

// siteValue is the value passed as a path in block b of fn.
func (h *hooks) siteValue(ctx ruleContext, fn *ssa.Function, b *ssa.BasicBlock, v Origins) Origins {
	for _, r := range h.onSiteValue {
		v = r.siteValue(ctx, fn, b, v)
	}
	return v
}

// siteReq is the requirement a write or call at instr puts on arg.
func (h *hooks) siteReq(ctx ruleContext, instr ssa.Instruction, arg ssa.Value, r Req) Req {
	for _, rule := range h.onSiteReq {
		r = rule.siteReq(ctx, instr, arg, r)
	}
	return r
}

// storeExempt reports whether a rule exempts store s from r.
func (h *hooks) storeExempt(ctx ruleContext, s storeSite, r Req) bool {
	for _, rule := range h.onExempt {
		if rule.exemptStore(ctx, s, r) {
			return true
		}
	}
	return false
}

// storeReq is the requirement store s answers to for r on its cell.
func (h *hooks) storeReq(ctx ruleContext, s storeSite, r Req) Req {
	for _, rule := range h.onStoreReq {
		if out, ok := rule.storeReq(ctx, s, r); ok {
			return out
		}
	}
	return r.For("")
}

// callExempt reports whether a rule exempts the call instr, passing args,
// from requirement r its target puts on one of them.
func (h *hooks) callExempt(ctx ruleContext, instr ssa.CallInstruction, args []ssa.Value, r Req) bool {
	for _, rule := range h.onCallExempt {
		if rule.exemptCall(ctx, instr, args, r) {
			return true
		}
	}
	return false
}

// joined is the value of filepath.Join(first, rest...) with suffix the
// pattern of its constant elements after the first, joined in block b (nil
// when not known).
func (h *hooks) joined(ctx ruleContext, first ssa.Value, rest []ssa.Value, suffix string, b *ssa.BasicBlock, at token.Position) Origins {
	for _, r := range h.onJoin {
		if v, ok := r.join(ctx, first, rest, suffix, at); ok {
			return v
		}
	}
	base := ctx.eval(first)
	for _, r := range h.onJoinBase {
		base = r.joinBase(ctx, base, first, rest, b)
	}
	var name ssa.Value // the first element, when the analysis does not spell it
	if len(rest) > 0 {
		if _, isConst := constString(rest[0]); !isConst {
			name = rest[0]
		}
	}
	return base.Map(func(a Origin) Origins {
		if a.Kind == Empty && name != nil {
			// Join("", name, ...) is Join(name, ...).
			return h.joined(ctx, name, rest[1:], elemsPattern(rest[1:]), b, at)
		}
		if (a.AboveRoot() || a.Kind == Param) && strings.Contains(suffix, "*") {
			// Below a shared base, the name decides whether the path is
			// in the program's root: keep the callers' names, to be
			// expanded at each call (substitute); so below a parameter,
			// which a call may bind to such a base.
			return Origins{a.AppendPath(markedPattern(rest), at)}
		}
		return Origins{a.AppendPath(suffix, at)}
	})
}

// fieldValue is the value of read, a read of field number field of x.
func (h *hooks) fieldValue(ctx ruleContext, read, x ssa.Value, field int, pos token.Pos) Origins {
	for _, r := range h.onFieldRead {
		if v, ok := r.fieldRead(ctx, read, x, field, pos); ok {
			return v
		}
	}
	return ctx.cell(fieldKey(x.Type(), field, ctx), pos)
}

// concatenated is a rule's value for the concatenation b; ok false when
// no rule decides it.
func (h *hooks) concatenated(ctx ruleContext, b *ssa.BinOp) (Origins, bool) {
	for _, r := range h.onConcat {
		if v, ok := r.concat(ctx, b); ok {
			return v, true
		}
	}
	return nil, false
}

// madeMap evaluates a map the function makes: what a rule says it is, or
// a map whose elements the analysis does not follow.
func (h *hooks) madeMap(ctx ruleContext, m *ssa.MakeMap) Origins {
	for _, r := range h.onMaps {
		if v, ok := r.madeMap(ctx, m); ok {
			return v
		}
	}
	return unfollowedElement(ctx.at(m.Pos()))
}

// mapElem is the element at constant key of a map whose origin is a.
func (h *hooks) mapElem(ctx ruleContext, a Origin, key string, at token.Position) Origins {
	for _, r := range h.onMaps {
		if v, ok := r.mapElem(ctx, a, key, at); ok {
			return v
		}
	}
	if a.Kind == Empty {
		return Origins{a} // a nil map's element is ""
	}
	return unfollowedElement(at)
}

// indexInstr shows instr of fn to the rules that index.
func (h *hooks) indexInstr(ctx ruleContext, fn *ssa.Function, instr ssa.Instruction) {
	for _, r := range h.onIndex {
		r.index(ctx, fn, instr)
	}
}

// indexDone tells the rules that index that the pass is over.
func (h *hooks) indexDone(ctx ruleContext) {
	for _, r := range h.onIndex {
		r.indexed(ctx)
	}
}

// ownedStore reports whether a rule claims store s (it is no store into
// its field's cell).
func (h *hooks) ownedStore(ctx ruleContext, s *ssa.Store) bool {
	for _, r := range h.onOwnStore {
		if r.ownsStore(ctx, s) {
			return true
		}
	}
	return false
}

// dispatchBinds reports whether a rule binds an interface call of m to
// the requirements of the method of t, one of several implementations in
// sight.
func (h *hooks) dispatchBinds(ctx ruleContext, m *types.Func, t *types.TypeName, site dispatchSite) bool {
	for _, r := range h.onDispatch {
		if r.dispatchBinds(ctx, m, t, site) {
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
