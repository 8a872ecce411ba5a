package rootflow

import (
	"go/token"
	"go/types"
	"slices"

	"github.com/staterootlint/staterootlint/analyzers/internal/lattice"
	"github.com/staterootlint/staterootlint/analyzers/internal/rootflow/code"
	"github.com/staterootlint/staterootlint/analyzers/internal/rootflow/hook"
	"golang.org/x/tools/go/ssa"
)

// propagate finds the writes, checks their paths, and moves requirements
// on parameters and cells to the call sites and stores of this package
// until nothing new is required.
func (e *engine) propagate() {
	calls := map[string][]callSite{}
	shared := map[string][]callSite{} // calls that may reach the target, among others
	stores := e.storeSites
	var queue []pending
	for _, fn := range e.funcs {
		for _, b := range fn.Blocks {
			for _, instr := range b.Instrs {
				switch in := instr.(type) {
				case ssa.CallInstruction:
					targets, _ := e.callees(in.Common())
					for _, t := range targets {
						e.checkWrite(in, fn, t, &queue)
						e.sinkValues.checkFuncArgs(in, fn, t, &queue)
						if !t.shared {
							calls[t.key] = append(calls[t.key], callSite{in, fn, t})
						} else {
							shared[t.key] = append(shared[t.key], callSite{in, fn, t})
						}
					}
				}
			}
		}
	}
	for key, sites := range stores {
		var all Origins
		for _, s := range sites {
			// Later packages report these stores far from here: say where.
			at := e.At(s.Pos)
			for _, a := range e.storeValue(s) {
				if a.Kind == Bad && !a.At.IsValid() {
					a.At = at
				}
				// What a cell holds, for later packages and the inventory:
				// the field of whichever object (ctors.go).
				a.SetText(lattice.Of, "")
				a.SetNum(lattice.Obj, 0)
				a.SetText(lattice.Through, "")
				all = append(all, a)
			}
		}
		e.stores[key] = lattice.Normalize(all)
	}

	e.storesThroughCalls(calls)

	// Requirements found by the packages this one depends on apply to its
	// calls and stores too.
	up := e.upstream()
	for _, key := range sortedKeys(calls) {
		sites := calls[key]
		if sites[0].t.fn != nil && e.local(sites[0].t.fn) {
			continue
		}
		reqs := map[int]Req{}
		if sum := e.summary(sites[0].t); sum != nil {
			for _, r := range sum.Reqs {
				reqs[r.Index] = r.Req
			}
		}
		for i, r := range up.funcReqs[key] {
			if _, ok := reqs[i]; !ok {
				reqs[i] = r
			}
		}
		if !e.inModule(key) {
			for i, r := range reqs {
				if throughCell(r) {
					delete(reqs, i)
				}
			}
		}
		for _, i := range sortedKeys(reqs) {
			for _, cs := range sites {
				e.checkArg(cs, i, reqs[i], &queue)
			}
		}
		e.importedFieldReqs(key, sites, &queue)
	}
	e.valueFuncFallback(&queue)
	for _, key := range sortedKeys(shared) {
		if t := shared[key][0].t; len(calls[key]) == 0 && (t.fn == nil || !e.local(t.fn)) {
			e.importedFieldReqs(key, shared[key], &queue)
		}
	}
	fieldSinks(e, stores, &queue)
	for _, key := range sortedKeys(up.cellReqs) {
		r := up.cellReqs[key]
		if !e.inModule(key) {
			continue // a library's own fields: see inModule
		}
		if e.foreignField(key) && !r.Tags.Flag(lattice.ReqAliased) {
			continue // the package that required it listed it unproven (foreignField)
		}
		e.checkStores(key, stores[key], r, token.NoPos, &queue)
	}

	for len(queue) > 0 {
		p := queue[0]
		queue = queue[1:]
		if p.cell != "" {
			for _, cs := range calls[p.key] {
				e.checkObjectArg(cs, p.idx, p.cell, p.through, p.req, &queue)
			}
			if len(shared[p.key]) > 0 {
				// A call that may reach it among other implementations:
				// its objects are any object, or, for the field of an
				// object the receiver holds, any the receivers hold.
				requireHeld(e, p.cell, p.through, p.req, p.pos, &queue)
			}
			continue
		}
		if p.idx >= 0 {
			for _, cs := range calls[p.key] {
				e.checkArg(cs, p.idx, p.req, &queue)
			}
			e.sinkValues.requireBound(p, &queue)
			continue
		}
		name := cellName(p.key)
		if e.foreignField(p.key) && !p.req.Tags.Flag(lattice.ReqAliased) && p.pos.IsValid() {
			// The field of whichever object of a type the program does
			// not own: the program's stores are its own objects', not the
			// one read (foreignField), so the path is unproven, unless
			// another module's stores are every store and each is allowed
			// as it is (stateroots' DirContext keeps only roots).
			v, ok := up.store(p.key)
			if !e.inModule(p.key) && ok && len(stores[p.key]) == 0 && settled(e.cfg, e.hooks.reqValue(e.rules, v, p.req), p.req) {
				continue
			}
			if e.inModule(p.key) {
				v = e.bad(p.pos, "the field of a %s the analysis cannot tie to where it was made (a type the program does not own)", typeOfCell(p.key))
			} else {
				v = e.bad(p.pos, "a value of another module's object, not followed to where the object was made")
			}
			e.check(e.hooks.reqValue(e.rules, v, p.req), p.pos, AtStore, name, extend(p.req.For(""), Hop{Name: name, Pos: e.At(p.pos)}), &queue)
			continue
		}
		e.checkStores(p.key, stores[p.key], p.req, p.pos, &queue)
		// Earlier packages' stores into the cell cannot be reported there
		// any more: report them where the requirement arose. Another
		// module's package variable is one object, as precise as a
		// parameter (an XDG library's ConfigHome, filled in its init).
		if !p.pos.IsValid() {
			continue
		}
		v, ok := up.store(p.key)
		switch {
		case !e.inModule(p.key) && !isVariable(p.key):
			// Another module's field, of an object not followed to
			// where it was made: the library's own stores are not the
			// object's (inModule), so the path is unproven, never met,
			// unless every store the library makes is allowed as it is
			// (stateroots' DirContext keeps only roots in its fields).
			if len(stores[p.key]) > 0 || settled(e.cfg, e.hooks.reqValue(e.rules, v, p.req), p.req) {
				continue
			}
			v, ok = e.bad(p.pos, "a value of another module's object, not followed to where the object was made"), true
		case !ok && len(stores[p.key]) == 0:
			v, ok = e.unstored(p.key) // no store in sight: unproven, never met
		}
		if ok {
			e.check(e.hooks.reqValue(e.rules, v, p.req), p.pos, AtStore, name, extend(p.req.For(""), Hop{Name: name, Pos: e.At(p.pos)}), &queue)
		}
	}
}

// checkStores checks the stores into cell key against requirement r,
// each under the requirement it answers to. A library's store by
// reflection (storeSite.fill) is reported at pos, where the requirement
// arose, when it is valid: the program shows no store.
func (e *engine) checkStores(key string, stores []hook.StoreSite, r Req, pos token.Pos, queue *[]pending) {
	name := cellName(key)
	for _, s := range stores {
		if e.hooks.storeExempt(e.rules, s, r) {
			continue
		}
		at := s.Pos
		if s.Fill != nil && pos.IsValid() {
			at = pos
		}
		e.check(e.hooks.reqValue(e.rules, e.storeValue(s), r), at, AtStore, name, extend(e.hooks.storeReq(e.rules, s, r), Hop{Name: name, Pos: e.At(at)}), queue)
	}
}

// storesThroughCalls resolves stores of parameters: a constructor that
// keeps its parameter in a field (New(dir) *Store{root: dir}) stores, in
// effect, whatever its callers in this package pass. The stores are what
// later packages and the inventory see of the cell (requirements are
// checked at the call sites already).
func (e *engine) storesThroughCalls(calls map[string][]callSite) {
	up := e.upstream()
	keys := sortedKeys(e.stores)
	// Of the dependencies' cells, only those holding a parameter of a
	// function called here can gain stores.
	for _, k := range up.storedParams(func(key string) bool { return len(calls[key]) > 0 }) {
		if _, ok := e.stores[k]; !ok {
			keys = append(keys, k)
		}
	}
	for round := 0; round < maxStoreRounds; round++ {
		changed := false
		for _, cell := range keys {
			upstream, _ := up.store(cell)
			if !e.stores[cell].Has(Param) && !upstream.Has(Param) {
				continue // nothing to substitute (most cells): no union to build
			}
			v := lattice.Union(e.stores[cell], upstream)
			var add Origins
			for _, a := range v {
				if a.Kind != Param {
					continue
				}
				for _, cs := range calls[a.Key] {
					if cs.t.invoke {
						continue
					}
					add = lattice.Add(add, e.substitute(Origins{a}, a.Key, cs.t.args(cs.instr.Common()), e.At(cs.instr.Pos())))
				}
			}
			if merged := lattice.Union(e.stores[cell], add); !merged.Equal(e.stores[cell]) {
				e.stores[cell] = merged
				changed = true
			}
		}
		if !changed {
			return
		}
	}
}

// storeValue evaluates what a store site stores.
func (e *engine) storeValue(s hook.StoreSite) Origins {
	if s.Fill != nil {
		return s.Fill
	}
	if s.Val == nil {
		return Origins{{Kind: User}}
	}
	if a, ok := e.authorityStore(s.Fn, e.At(s.Pos)); ok {
		return Origins{a}
	}
	return e.throughConstructors(e.eval(s.Val), s.Via)
}

// checkArg checks argument idx (SSA numbering) of a call against a
// requirement of its target.
func (e *engine) checkArg(cs callSite, idx int, r Req, queue *[]pending) {
	common := cs.instr.Common()
	args := cs.t.args(common)
	if cs.t.invoke {
		return
	}
	if idx >= len(args) || e.hooks.callExempt(e.rules, cs.instr, args, r) {
		return
	}
	// The object arguments a requirement names are the target's: past the
	// call, every caller of this function is asked again.
	r.Tags.SetSet(lattice.ReqObjects, nil)
	name := lattice.ShortName(cs.t.key)
	v := e.hooks.siteValue(e.rules, cs.fn, cs.instr.Block(), args[idx], e.eval(args[idx]))
	v = e.hooks.reqValue(e.rules, v, r)
	r = e.hooks.siteReq(e.rules, cs.instr, args[idx], r.For(""))
	e.check(v, cs.instr.Pos(), AtCall, name, extend(r, Hop{Name: name, Pos: e.At(cs.instr.Pos())}), queue)
}

// checkWrite checks a call that may be a write sink.
func (e *engine) checkWrite(in ssa.CallInstruction, fn *ssa.Function, t callee, queue *[]pending) {
	spec, ok := e.sinks[t.key]
	if !ok || t.viaParam {
		return
	}
	args := in.Common().Args
	if t.invoke {
		// An interface method the table or the configuration names as a
		// sink (afero's Fs): the receiver is argument 0.
		args = append([]ssa.Value{in.Common().Value}, args...)
	}
	paths := spec.paths
	if len(spec.extra) > 0 {
		shift := 0
		if t.invoke || t.fn != nil && t.fn.Signature.Recv() != nil {
			shift = 1
		}
		paths = slices.Clone(paths)
		for _, i := range spec.extra {
			if i += shift; !slices.Contains(paths, i) {
				paths = append(paths, i)
			}
		}
	}
	if spec.flag >= 0 && spec.flag < len(args) {
		if f, isConst := code.ConstInt(args[spec.flag]); isConst && f&e.writeFlags == 0 {
			return // opened read-only
		}
	}
	op := lattice.ShortName(t.key)
	pos := in.Pos()
	authority, inAuthority := e.authorities[code.FuncKey(outermost(fn))]
	for _, i := range paths {
		if i >= len(args) {
			continue
		}
		arg, writes := libSinkArg(e, t.key, args, i)
		if !writes {
			continue
		}
		var own ssa.Value // the argument, where the path is its value
		if !code.Lookup(t.key).Sink.DSN {
			own = args[i]
		}
		v := e.hooks.siteValue(e.rules, fn, in.Block(), own, arg)
		if spec.emptyIsTemp {
			v = hook.EmptyIsTemp(v)
		}
		if inAuthority {
			// The authority creates the root it resolves: its own
			// writes are under that root, whatever it was built from.
			v = Origins{authorityOrigin(authority)}
		}
		at := e.At(pos)
		declared := declare(e.allow.at(pos), v)
		e.reach[fn] = addReach(e.reach[fn], Reach{Op: op, At: at, Path: declared, Allowed: pendingAllowed(e.allow.at(pos), declared)})
		if slices.ContainsFunc(v, Origin.AboveRoot) {
			// The reach keeps the callers' names below a shared base for
			// them to expand; here they are names the analysis cannot see.
			v = v.Map(func(a Origin) Origins { return Origins{a.AtWrite(at)} })
			declared = declare(e.allow.at(pos), v)
		}
		e.res.Writes = append(e.res.Writes, &Write{Pos: pos, Op: op, Func: code.FuncKey(fn), Path: anyObject(declared)})
		r := writeReq(op, e.At(pos))
		r.Tags.SetFlag(lattice.ReqEmptyTemp, spec.emptyIsTemp)
		r.Tags.SetAllowed(patternTexts(e.allow.at(pos)), len(r.Tags.Set(lattice.ReqMadeDirs)) > 0)
		r = e.hooks.siteReq(e.rules, in, args[i], r)
		e.check(v, pos, AtWrite, op, r, queue)
	}
}

// outermost returns the declared function a closure belongs to.
func outermost(fn *ssa.Function) *ssa.Function {
	for fn.Parent() != nil {
		fn = fn.Parent()
	}
	return fn
}

// require records a requirement once and queues it.
func (e *engine) require(key string, idx int, r Req, pos token.Pos, queue *[]pending) {
	if e.std {
		return
	}
	var changed bool
	if idx >= 0 {
		reqs := e.funcReqs[key]
		if reqs == nil {
			reqs = map[int]Req{}
			e.funcReqs[key] = reqs
		}
		old, had := reqs[idx]
		if r, changed = lattice.Arrive(old, had, r); !changed {
			return
		}
		reqs[idx] = r
	} else {
		// Two writes guarded differently (or one not at all) meet without
		// a guard: every store is checked (lattice.ReqGuard's policy).
		old, had := e.cellReqs[key]
		if r, changed = lattice.Arrive(old, had, r); !changed {
			return
		}
		e.cellReqs[key] = r
	}
	*queue = append(*queue, pending{key: key, idx: idx, req: r, pos: pos})
}

// cellStores returns what is stored into a cell: by this package (its
// store sites, evaluated) and by the packages it imports.
func (e *engine) cellStores(key string) Origins {
	if e.resolving[key] {
		return nil // a store of the cell into itself: nothing new
	}
	e.resolving[key] = true
	defer delete(e.resolving, key)
	upstream, _ := e.upstream().store(key)
	parts := []Origins{upstream}
	for _, s := range e.storeSites[key] {
		parts = append(parts, e.storeValue(s))
	}
	return lattice.Union(parts...)
}

// export publishes the package's summaries for the packages that import it.
func (e *engine) export() {
	for _, fn := range e.funcs {
		obj, ok := fn.Object().(*types.Func)
		if !ok || fn.Parent() != nil || fn.Synthetic != "" || obj.Pkg() != e.pass.Pkg || !e.importable(obj) {
			continue
		}
		key := e.keyOf(fn)
		f := &FuncFact{Authority: e.authorities[key], Reqs: paramReqs("", e.funcReqs[key]), ParamCalls: e.sinkValues.paramCalls()[fn]}
		for _, r := range e.results[fn] {
			if len(r) > 0 {
				f.Results = e.results[fn]
				break
			}
		}
		if !e.std {
			f.Writes = e.reach[fn]
		}
		f.AbsCheck = e.isAbsCheck(fn)
		f.FieldReqs = fieldReqList(e.fieldReqs[key])
		f.Fields = e.resultFields(fn)
		f.EnvReads = e.envHelpers[obj]
		if f.Authority != "" || f.Results != nil || len(f.Reqs) > 0 || len(f.Writes) > 0 || f.AbsCheck || len(f.ParamCalls) > 0 || len(f.FieldReqs) > 0 || len(f.Fields) > 0 || len(f.EnvReads) > 0 {
			e.pass.ExportObjectFact(obj, f)
		}
	}
	pf := &PackageFact{}
	for _, k := range sortedKeys(e.stores) {
		if v := e.stores[k]; len(v) > 0 {
			pf.Stores = append(pf.Stores, CellStores{Key: k, Value: v})
		}
	}
	for _, k := range sortedKeys(e.cellReqs) {
		pf.CellReqs = append(pf.CellReqs, CellReq{Key: k, Req: e.cellReqs[k]})
	}
	for _, k := range sortedKeys(e.funcReqs) {
		if fn, ok := e.byKey[k]; ok && e.local(fn) {
			continue
		}
		pf.FuncReqs = append(pf.FuncReqs, paramReqs(k, e.funcReqs[k])...)
	}
	pf.Closures = e.escapingClosures()
	if len(pf.Stores)+len(pf.CellReqs)+len(pf.FuncReqs)+len(pf.Closures) > 0 {
		e.pass.ExportPackageFact(pf)
	}
}

// paramReqs flattens a function's requirements, sorted by index.
func paramReqs(key string, m map[int]Req) []ParamReq {
	var out []ParamReq
	for _, i := range sortedKeys(m) {
		out = append(out, ParamReq{Key: key, Index: i, Req: m[i]})
	}
	return out
}

// The reporting policy: which origins of a value that reaches a write are
// findings, where a finding is reported (the write, the call, the store),
// that one value yields one finding, and which cells are the program's to
// answer for (the cross-module rule). The requirement worklist
// (propagate.go) asks it at every write, call and store it checks.

// check reports the origins of v that are outside every root, and turns
// its symbolic origins into requirements.
//
// One value yields at most one finding per source (sourceOf), for its
// first offending origin from it: a recursive helper may reach a write
// with many patterns of one literal, and a path from the environment or
// the home directory names both (the consumers list them in one message).
// Where one origin is proven outside every root, the value's unproven
// origins are no finding: the write is reported as proven.
func (e *engine) check(v Origins, pos token.Pos, site Site, op string, r Req, queue *[]pending) {
	found := false
	sources := map[string]bool{}
	var offending []Origin
	for _, a := range v {
		if a.Kind == Empty && r.Tags.Flag(lattice.ReqNamedBelow) {
			// The write joins a name the analysis does not spell below
			// the value: empty, the path is that name.
			a = a.AppendPath("*", e.At(pos))
		}
		switch a.Kind {
		case Param:
			e.require(a.Key, a.Index, r.For("").On(a), pos, queue)
		case Cell:
			switch {
			case a.Num(lattice.Obj) > 0: // the field of the object a parameter points to (ctors.go)
				e.requireField(a.TextOf(lattice.Of), a.Num(lattice.Obj)-1, a.Key, a.TextOf(lattice.Through), r.On(a), pos, queue)
			default:
				e.require(a.Key, -1, r.For(a.Key).On(a), pos, queue)
			}
		case Func:
			if !found {
				e.find(pos, site, op, Origin{Kind: Bad, Why: "a function value where a path was expected"}, r)
				found = true
			}
		default:
			if !found && !sources[sourceOf(a)] && !e.cfg.Allowed(a) && !ancestorOfRoot(a, r) && !createsNothing(a, r) && !declares(e.allow.at(pos), a) && !allowedBy(r, a) {
				offending = append(offending, a)
				// A may-write directive can declare a project path, so
				// it must not hide the value's next offending origin.
				if !a.InProject() {
					sources[sourceOf(a)] = true
				}
			}
		}
	}
	proven := slices.ContainsFunc(offending, func(a Origin) bool { return a.Kind != Bad || !a.Cause.Unproven() })
	for _, a := range offending {
		if !proven || a.Kind != Bad || !a.Cause.Unproven() {
			e.find(pos, site, op, a, r)
		}
	}
}

// sourceOf names where an offending origin comes from, its path below
// it left out: one finding per source and value.
func sourceOf(a Origin) string {
	return a.Kind.String() + "|" + string(a.Cause) + "|" + a.Lit + "|" + a.Src + "|" + a.Why + "|" + a.Root + "|" + a.At.String()
}
