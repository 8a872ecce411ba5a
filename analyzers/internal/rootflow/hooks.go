package rootflow

import (
	"go/token"
	"go/types"
	"slices"
	"strings"

	"github.com/staterootlint/staterootlint/analyzers/internal/knowledge"
	"github.com/staterootlint/staterootlint/analyzers/internal/lattice"
	"github.com/staterootlint/staterootlint/analyzers/internal/rootflow/code"
	"github.com/staterootlint/staterootlint/analyzers/internal/rootflow/hook"
	"golang.org/x/tools/go/ssa"
)

// newHooks sorts the rules of list not switched off into their hooks.
func newHooks(list []hook.Rule, off map[string]bool) hooks {
	var h hooks
	for _, r := range list {
		if off[r.Name()] {
			continue
		}
		if p, ok := r.(hook.PackageRule); ok {
			r = p.ForPackage()
		}
		if r, ok := r.(hook.PhiEdgeRule); ok {
			h.onPhiEdge = append(h.onPhiEdge, r)
		}
		if r, ok := r.(hook.EdgeValueRule); ok {
			h.onEdgeValue = append(h.onEdgeValue, r)
		}
		if r, ok := r.(hook.PhiJoinRule); ok {
			h.onPhiJoin = append(h.onPhiJoin, r)
		}
		if r, ok := r.(hook.ReturnRule); ok {
			h.onReturns = append(h.onReturns, r)
		}
		if r, ok := r.(hook.BindArgRule); ok {
			h.onBindArg = append(h.onBindArg, r)
		}
		if r, ok := r.(hook.BindSymbolRule); ok {
			h.onBindSymbol = append(h.onBindSymbol, r)
		}
		if r, ok := r.(hook.CheckValueRule); ok {
			h.onCheckValue = append(h.onCheckValue, r)
		}
		if r, ok := r.(hook.SiteValueRule); ok {
			h.onSiteValue = append(h.onSiteValue, r)
		}
		if r, ok := r.(hook.SiteReqRule); ok {
			h.onSiteReq = append(h.onSiteReq, r)
		}
		if r, ok := r.(hook.StoreExemptRule); ok {
			h.onExempt = append(h.onExempt, r)
		}
		if r, ok := r.(hook.ObjectStoreRule); ok {
			h.onObjStore = append(h.onObjStore, r)
		}
		if r, ok := r.(hook.StoreReqRule); ok {
			h.onStoreReq = append(h.onStoreReq, r)
		}
		if r, ok := r.(hook.CallExemptRule); ok {
			h.onCallExempt = append(h.onCallExempt, r)
		}
		if r, ok := r.(hook.JoinRule); ok {
			h.onJoin = append(h.onJoin, r)
		}
		if r, ok := r.(hook.JoinBaseRule); ok {
			h.onJoinBase = append(h.onJoinBase, r)
		}
		if r, ok := r.(hook.FieldReadRule); ok {
			h.onFieldRead = append(h.onFieldRead, r)
		}
		if r, ok := r.(hook.ConcatRule); ok {
			h.onConcat = append(h.onConcat, r)
		}
		if r, ok := r.(hook.ReplaceRule); ok {
			h.onReplace = append(h.onReplace, r)
		}
		if r, ok := r.(hook.MapRule); ok {
			h.onMaps = append(h.onMaps, r)
		}
		if r, ok := r.(hook.IndexRule); ok {
			h.onIndex = append(h.onIndex, r)
		}
		if r, ok := r.(hook.OwnStoreRule); ok {
			h.onOwnStore = append(h.onOwnStore, r)
		}
		if r, ok := r.(hook.DispatchRule); ok {
			h.onDispatch = append(h.onDispatch, r)
		}
	}
	return h
}

// edgeValue is the value phi receives along edge i: a rule's decision, or
// the edge's own value.
func (h *hooks) edgeValue(ctx hook.Context, phi *ssa.Phi, i int) Origins {
	for _, r := range h.onPhiEdge {
		if v, ok := r.PhiEdge(ctx, phi, i); ok {
			return v
		}
	}
	v := ctx.Eval(phi.Edges[i])
	for _, r := range h.onEdgeValue {
		v = r.EdgeValue(ctx, phi, i, v)
	}
	return v
}

// joinValue is the value of phi, whose edges' union is v.
func (h *hooks) joinValue(ctx hook.Context, phi *ssa.Phi, v Origins) Origins {
	for _, r := range h.onPhiJoin {
		v = r.PhiJoin(ctx, phi, v)
	}
	return v
}

// returnValue is what a return in block b gives for result value r.
func (h *hooks) returnValue(ctx hook.Context, b *ssa.BasicBlock, r ssa.Value) Origins {
	v := ctx.Eval(r)
	for _, rule := range h.onReturns {
		if out, ok := rule.ReturnValue(ctx, b, r, v); ok {
			return out
		}
	}
	return v
}

// bindArg is the caller's argument arg for the callee's parameter origin
// a, transformed as a's tags say.
func (h *hooks) bindArg(ctx hook.Context, a Origin, arg Origins, args []ssa.Value, at token.Position) Origins {
	for _, r := range h.onBindArg {
		arg = r.BindArg(ctx, a, arg, args, at)
	}
	return arg
}

// bindSymbol resolves an origin of a callee's summary that is not one of
// its parameters at a call of key with args.
func (h *hooks) bindSymbol(ctx hook.Context, a Origin, key string, args []ssa.Value, at token.Position) Origins {
	return h.bindSymbolFrom(ctx, nil, a, key, args, at)
}

// bindSymbolFrom is bindSymbol by the rules registered after rule after
// (all of them when after is nil).
func (h *hooks) bindSymbolFrom(ctx hook.Context, after hook.Rule, a Origin, key string, args []ssa.Value, at token.Position) Origins {
	rules := h.onBindSymbol
	if after != nil {
		i := slices.IndexFunc(rules, func(r hook.BindSymbolRule) bool { return r.Name() == after.Name() })
		rules = rules[i+1:] // i is -1 for a rule with no such hook: all of them
	}
	for _, r := range rules {
		if v, ok := r.BindSymbol(ctx, a, key, args, at); ok {
			return v
		}
	}
	return Origins{a}
}

// reqValue returns the value checked against requirement r.
func (h *hooks) reqValue(ctx hook.Context, v Origins, r Req) Origins {
	for _, rule := range h.onCheckValue {
		v = rule.CheckValue(ctx, r, v)
	}
	return climbed(v, r)
}

// siteValue is the value v of arg passed as a path in block b of fn (arg
// nil where the path is not arg's own value).
func (h *hooks) siteValue(ctx hook.Context, fn *ssa.Function, b *ssa.BasicBlock, arg ssa.Value, v Origins) Origins {
	for _, r := range h.onSiteValue {
		v = r.SiteValue(ctx, fn, b, arg, v)
	}
	return v
}

// siteReq is the requirement a write or call at instr puts on arg.
func (h *hooks) siteReq(ctx hook.Context, instr ssa.Instruction, arg ssa.Value, r Req) Req {
	for _, rule := range h.onSiteReq {
		r = rule.SiteReq(ctx, instr, arg, r)
	}
	return r
}

// storeExempt reports whether a rule exempts store s from r.
func (h *hooks) storeExempt(ctx hook.Context, s hook.StoreSite, r Req) bool {
	for _, rule := range h.onExempt {
		if rule.ExemptStore(ctx, s, r) {
			return true
		}
	}
	return false
}

// objectStore is what store s into a new object's field holds, v
// refined by the rules.
func (h *hooks) objectStore(ctx hook.Context, s hook.StoreSite, v Origins) Origins {
	for _, rule := range h.onObjStore {
		v = rule.ObjectStore(ctx, s, v)
	}
	return v
}

// storeReq is the requirement store s answers to for r on its cell.
func (h *hooks) storeReq(ctx hook.Context, s hook.StoreSite, r Req) Req {
	for _, rule := range h.onStoreReq {
		if out, ok := rule.StoreReq(ctx, s, r); ok {
			return out
		}
	}
	return r.For("")
}

// callExempt reports whether a rule exempts the call instr, passing args,
// from requirement r its target puts on one of them.
func (h *hooks) callExempt(ctx hook.Context, instr ssa.CallInstruction, args []ssa.Value, r Req) bool {
	for _, rule := range h.onCallExempt {
		if rule.ExemptCall(ctx, instr, args, r) {
			return true
		}
	}
	return false
}

// joined is the value of filepath.Join(first, rest...) with suffix the
// pattern of its constant elements after the first, joined in block b (nil
// when not known).
func (h *hooks) joined(ctx hook.Context, first ssa.Value, rest []ssa.Value, suffix string, b *ssa.BasicBlock, at token.Position) Origins {
	for _, r := range h.onJoin {
		if v, ok := r.Join(ctx, first, rest, suffix, at); ok {
			return v
		}
	}
	base := ctx.Eval(first)
	for _, r := range h.onJoinBase {
		base = r.JoinBase(ctx, base, first, rest, b)
	}
	var name ssa.Value // the first element, when the analysis does not spell it
	if len(rest) > 0 {
		if _, isConst := code.ConstString(rest[0]); !isConst {
			name = rest[0]
		}
	}
	return base.Map(func(a Origin) Origins {
		if a.Kind == Empty && name != nil {
			// Join("", name, ...) is Join(name, ...).
			return h.joined(ctx, name, rest[1:], code.ElemsPattern(rest[1:]), b, at)
		}
		if (a.AboveRoot() || a.Kind == Param || a.Src == knowledge.WorkDir) && strings.Contains(suffix, "*") {
			// Below a shared base, the name decides whether the path is
			// in the program's root: keep the callers' names, to be
			// expanded at each call (substitute); so below a parameter,
			// which a call may bind to such a base, and below the
			// working directory, where the name decides whether an
			// allowance (cwd:NAME) declares the write.
			return Origins{a.AppendPath(markedPattern(rest), at)}
		}
		return Origins{a.AppendPath(suffix, at)}
	})
}

// fieldValue is the value of read, a read of field number field of x.
func (h *hooks) fieldValue(ctx hook.Context, read, x ssa.Value, field int, pos token.Pos) Origins {
	for _, r := range h.onFieldRead {
		if v, ok := r.FieldRead(ctx, read, x, field, pos); ok {
			return v
		}
	}
	return ctx.Cell(code.FieldKey(x.Type(), field, ctx), pos)
}

// replaced is a rule's value for the replacement of old's text in s by
// new; ok false when no rule decides it.
func (h *hooks) replaced(ctx hook.Context, s, old, new ssa.Value, at token.Position) (Origins, bool) {
	for _, r := range h.onReplace {
		if v, ok := r.Replace(ctx, s, old, new, at); ok {
			return v, true
		}
	}
	return nil, false
}

// concatenated is a rule's value for the concatenation b; ok false when
// no rule decides it.
func (h *hooks) concatenated(ctx hook.Context, b *ssa.BinOp) (Origins, bool) {
	for _, r := range h.onConcat {
		if v, ok := r.Concat(ctx, b); ok {
			return v, true
		}
	}
	return nil, false
}

// madeMap evaluates a map the function makes: what a rule says it is, or
// a map whose elements the analysis does not follow.
func (h *hooks) madeMap(ctx hook.Context, m *ssa.MakeMap) Origins {
	for _, r := range h.onMaps {
		if v, ok := r.MadeMap(ctx, m); ok {
			return v
		}
	}
	return hook.UnfollowedElement(ctx.At(m.Pos()))
}

// mapElem is the element at constant key of a map whose origin is a.
func (h *hooks) mapElem(ctx hook.Context, a Origin, key string, at token.Position) Origins {
	for _, r := range h.onMaps {
		if v, ok := r.MapElem(ctx, a, key, at); ok {
			return v
		}
	}
	if a.Kind == Empty {
		return Origins{a} // a nil map's element is ""
	}
	return hook.UnfollowedElement(at)
}

// indexInstr shows instr of fn to the rules that index.
func (h *hooks) indexInstr(ctx hook.Context, fn *ssa.Function, instr ssa.Instruction) {
	for _, r := range h.onIndex {
		r.Index(ctx, fn, instr)
	}
}

// indexDone tells the rules that index that the pass is over.
func (h *hooks) indexDone(ctx hook.Context) {
	for _, r := range h.onIndex {
		r.Indexed(ctx)
	}
}

// ownedStore reports whether a rule claims store s (it is no store into
// its field's cell).
func (h *hooks) ownedStore(ctx hook.Context, s *ssa.Store) bool {
	for _, r := range h.onOwnStore {
		if r.OwnsStore(ctx, s) {
			return true
		}
	}
	return false
}

// dispatchBinds reports whether a rule binds an interface call of m to
// the requirements of the method of t, one of several implementations in
// sight.
func (h *hooks) dispatchBinds(ctx hook.Context, m *types.Func, t *types.TypeName, site hook.DispatchSite) bool {
	for _, r := range h.onDispatch {
		if r.DispatchBinds(ctx, m, t, site) {
			return true
		}
	}
	return false
}

// markedPattern is elemsPattern with each string parameter of the
// function a mark its callers' arguments replace (expandElems), as a
// variadic parameter's elements are.
func markedPattern(elems []ssa.Value) string {
	rel := make([]string, 0, len(elems))
	for _, el := range elems {
		s := code.ElemPattern(el)
		if p, ok := el.(*ssa.Parameter); ok && s == "*" {
			s = lattice.ElemsSegment(slices.Index(p.Parent().Params, p))
		}
		if s != "" {
			rel = append(rel, s)
		}
	}
	return strings.Join(rel, "/")
}

// climbed adds to v, the value checked against requirement r, what its
// rooted origins become with r's climbing patterns appended where that
// leaves the root: a write of Join(p, "..", x) given a root writes
// outside it, wherever the root enters. So does a root with r's texts
// appended without a separator (p + ".0"): its sibling.
func climbed(v Origins, r Req) Origins {
	climbs, tails := r.Tags.Set(lattice.ReqClimbs), r.Tags.Set(lattice.ReqRawTails)
	if len(climbs) == 0 && len(tails) == 0 {
		return v
	}
	var out Origins
	for _, a := range v {
		if a.Kind != Rooted {
			continue
		}
		for _, c := range climbs {
			if b := a.AppendPath(c, r.At); b.Kind == Bad {
				out = append(out, b)
			}
		}
		for _, t := range tails {
			if b := a.AppendRaw(t, r.At); b.Kind == Bad {
				out = append(out, b)
			}
		}
	}
	if out == nil {
		return v
	}
	return lattice.Union(v, lattice.Normalize(out))
}
