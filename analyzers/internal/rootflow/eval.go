package rootflow

import (
	"go/constant"
	"go/token"
	"go/types"
	"slices"

	"github.com/staterootlint/staterootlint/analyzers/internal/knowledge"
	"github.com/staterootlint/staterootlint/analyzers/internal/lattice"
	"github.com/staterootlint/staterootlint/analyzers/internal/rootflow/code"
	"github.com/staterootlint/staterootlint/analyzers/internal/rootflow/hook"
	"golang.org/x/tools/go/ssa"
)

func (ev *evaluator) resetMemo() {
	ev.memo = map[ssa.Value]Origins{}
	ev.ctorMemo = map[ctorSlot]Origins{}
	ev.active = map[ssa.Value]*activeEval{}
	ev.lowlink = 0
	ev.steps = 0
}

// eval returns the origins of v.
func (e *engine) eval(v ssa.Value) Origins {
	if r, ok := e.memo[v]; ok {
		return r
	}
	if st, ok := e.active[v]; ok {
		st.hit = true
		e.lowlink = min(e.lowlink, st.depth)
		return st.provisional
	}
	e.steps++
	if e.steps > maxSteps {
		return Origins{{Kind: Bad, Why: "a value too complex for the analysis to follow", Cause: CauseLimit, At: e.At(v.Pos())}}
	}
	st := &activeEval{depth: len(e.active)}
	e.active[v] = st
	outer := e.lowlink
	var r Origins
	low := st.depth
	for iter := 0; ; iter++ {
		e.lowlink = st.depth
		r = e.computeInto(v)
		low = min(low, e.lowlink)
		if st.hit && iter+1 >= widenAfterRounds {
			// A loop that keeps extending a path (p = Join(p, name))
			// converges on "p/**".
			r = widenNew([]Origins{r}, []Origins{st.provisional})[0]
		}
		if !st.hit || r.Equal(st.provisional) {
			break
		}
		if iter+1 >= maxEvalIterations {
			// Still changing: say so rather than keep a value that may
			// miss an origin.
			r = lattice.Union(r, Origins{{Kind: Bad, Why: "a value the analysis gave up on (a loop kept changing it)", Cause: CauseLimit, At: e.At(v.Pos())}})
			break
		}
		st.provisional, st.hit = r, false
	}
	delete(e.active, v)
	if low >= st.depth {
		e.memo[v] = r
	}
	e.lowlink = min(outer, low)
	return r
}

// compute evaluates v once; eval handles memoization and cycles.
func (e *engine) compute(v ssa.Value) Origins {
	switch v := v.(type) {
	case *ssa.Const:
		return e.constant(v)
	case *ssa.Parameter:
		return e.param(v)
	case *ssa.FreeVar:
		return e.freeVar(v)
	case *ssa.Phi:
		parts := make([]Origins, 0, len(v.Edges))
		preds := v.Block().Preds
		for i := range v.Edges {
			if i < len(preds) && (noReturn(preds[i]) || code.DeadEdge(preds[i], v.Block())) {
				continue // log.Fatal(err) on the way, or a branch never taken: the value never arrives
			}
			parts = append(parts, e.hooks.edgeValue(e.rules, v, i))
		}
		return e.hooks.joinValue(e.rules, v, lattice.Union(parts...))
	case *ssa.Call:
		return e.callResult(v.Common(), 0, v.Pos())
	case *ssa.Extract:
		switch t := v.Tuple.(type) {
		case *ssa.Call:
			return e.callResult(t.Common(), v.Index, t.Pos())
		case *ssa.TypeAssert, *ssa.UnOp, *ssa.Lookup:
			if v.Index == 0 {
				return e.eval(t.(ssa.Value))
			}
		case *ssa.Next:
			if r, ok := t.Iter.(*ssa.Range); ok && v.Index == 2 {
				if t.IsString {
					return e.eval(r.X) // a rune of a string is part of it
				}
				return elemAtAnyKey(e, r.X, v.Pos()) // the value of a range over a map
			}
		}
		return e.bad(v.Pos(), "a value the analysis cannot follow")
	case *ssa.TypeAssert:
		return e.eval(v.X)
	case *ssa.UnOp:
		if a, ok := v.X.(*ssa.Alloc); ok && v.Op == token.MUL {
			return e.reaching(a, v)
		}
		if v.Op == token.MUL {
			return e.load(v.X, v.Pos())
		}
		if v.Op == token.ARROW {
			return e.received(v.X, v.Pos())
		}
	case *ssa.ChangeType:
		return e.eval(v.X)
	case *ssa.Convert:
		return e.eval(v.X)
	case *ssa.MakeInterface:
		return e.eval(v.X)
	case *ssa.ChangeInterface:
		return e.eval(v.X)
	case *ssa.SliceToArrayPointer:
		return e.eval(v.X)
	case *ssa.BinOp:
		if v.Op == token.ADD {
			return e.concat(v)
		}
	case *ssa.Field:
		return e.hooks.fieldValue(e.rules, v, v.X, v.Field, v.Pos())
	case *ssa.FieldAddr, *ssa.Global, *ssa.Alloc:
		// A pointer stands for what it points to: flag.String's *string,
		// a *os.File's path.
		return e.load(v, v.Pos())
	case *ssa.Index:
		return e.eval(v.X)
	case *ssa.IndexAddr:
		return e.load(v, v.Pos())
	case *ssa.Slice:
		// A prefix (s[:i]) or a subslice keeps the origin of what it is
		// cut from, as filepath.Dir does; any other substring (s[i:]) is
		// a part of it (partOf).
		if b, ok := v.X.Type().Underlying().(*types.Basic); ok && b.Info()&types.IsString != 0 && v.Low != nil && !code.IsZero(v.Low) {
			if s, ok := code.ConstString(v.X); ok {
				if lo, ok := code.ConstInt(v.Low); ok && int(lo) <= len(s) {
					hi := len(s)
					if h, ok := code.ConstInt(v.High); ok && v.High != nil && int(h) <= hi && h >= lo {
						hi = int(h)
					}
					return Origins{lattice.Literal(s[lo:hi], e.At(v.Pos()))}
				}
			}
			return partOf(e.eval(v.X), "a slice expression", e.At(v.Pos()))
		}
		return e.eval(v.X)
	case *ssa.MakeSlice:
		return e.elems(v)
	case *ssa.Function:
		key := code.FuncKey(v)
		if obj := code.Origin(v).Object(); obj != nil && !e.local(v) {
			e.funcObjs[key] = obj
		}
		return Origins{{Kind: Func, Key: key}}
	case *ssa.MakeClosure:
		return Origins{{Kind: Func, Key: code.FuncKey(v.Fn.(*ssa.Function))}}
	case *ssa.Lookup:
		return e.lookup(v)
	case *ssa.MakeMap:
		return e.hooks.madeMap(e.rules, v)
	}
	return e.bad(v.Pos(), "a value the analysis cannot follow")
}

func (ix *index) constant(c *ssa.Const) Origins {
	if c.Value == nil || c.Value.Kind() != constant.String {
		if c.IsNil() {
			return nil // a nil slice holds no paths
		}
		if c.Value == nil && code.IsPathType(c.Type()) {
			return Origins{{Kind: Empty}} // [3]string{}: empty strings
		}
		return ix.bad(c.Pos(), "a value the analysis cannot follow")
	}
	return Origins{lattice.Literal(constant.StringVal(c.Value), token.Position{})}
}

// noReturn reports whether block b calls a function that does not return
// (os.Exit, log.Fatal, t.Fatal): SSA without control-flow facts still
// gives such a block a successor.
func noReturn(b *ssa.BasicBlock) bool {
	for _, instr := range b.Instrs {
		call, ok := instr.(*ssa.Call)
		if !ok {
			continue
		}
		switch common := call.Common(); {
		case common.IsInvoke():
			if knowledge.Is(common.Method.FullName(), knowledge.NoReturn) {
				return true
			}
		case common.StaticCallee() != nil:
			if knowledge.Is(code.FuncKey(common.StaticCallee()), knowledge.NoReturn) {
				return true
			}
		}
	}
	return false
}

func (e *engine) param(p *ssa.Parameter) Origins {
	fn := p.Parent()
	idx := -1
	for i, q := range fn.Params {
		if q == p {
			idx = i
		}
	}
	if isCobraArgs(fn, idx) || idx == 0 && e.flagCallbacks[fn] {
		return Origins{{Kind: User}}
	}
	self := Origins{{Kind: Param, Key: e.keyOf(fn), Index: idx}}
	if roots := e.walkRoots[fn]; idx == 0 && len(roots) > 0 {
		// filepath.Walk's callback: the root walked or a path below it
		// (index.go). A declared function may be called directly too.
		parts := []Origins{}
		if fn.Parent() == nil {
			parts = append(parts, self)
		}
		for _, r := range roots {
			at := e.At(r.Pos())
			parts = append(parts, e.eval(r).Map(func(a Origin) Origins { return Origins{a.AppendPath("*", at)} }))
		}
		return lattice.Union(parts...)
	}
	return self
}

// isCobraArgs reports whether parameter idx of fn is the positional
// arguments of a cobra Run handler: func(cmd *cobra.Command, args []string).
func isCobraArgs(fn *ssa.Function, idx int) bool {
	if idx != 1 || len(fn.Params) != 2 {
		return false
	}
	// args []string: a helper func(cmd *cobra.Command, path string) is no
	// Run handler, and its path is its callers'.
	if s, ok := fn.Params[1].Type().Underlying().(*types.Slice); !ok || !code.IsString(s.Elem()) {
		return false
	}
	ptr, ok := fn.Params[0].Type().(*types.Pointer)
	if !ok {
		return false
	}
	named, ok := ptr.Elem().(*types.Named)
	return ok && named.Obj().Pkg() != nil && named.Obj().Pkg().Path()+"."+named.Obj().Name() == knowledge.CobraCommand
}

// freeVar resolves a captured variable through the closures that bind it.
func (e *engine) freeVar(fv *ssa.FreeVar) Origins {
	fn := fv.Parent()
	idx := -1
	for i, f := range fn.FreeVars {
		if f == fv {
			idx = i
		}
	}
	var parts []Origins
	for _, mc := range e.closures[fn] {
		if idx >= len(mc.Bindings) {
			continue
		}
		if a, ok := mc.Bindings[idx].(*ssa.Alloc); ok {
			parts = append(parts, e.captured(a, mc))
			continue
		}
		parts = append(parts, e.eval(mc.Bindings[idx]))
	}
	if len(parts) == 0 {
		return e.bad(fv.Pos(), "a captured variable the analysis cannot follow")
	}
	return lattice.Union(parts...)
}

// captured is what local variable a may hold while a closure made by mc
// runs: a store that reaches mc (the last one before it on some path, as
// a load there would see), or any store that can run after mc. A value
// overwritten before the closure exists (filename = Join(dir, filename)
// before `defer func() { os.Remove(filename) }()`) is not among them.
func (e *engine) captured(a *ssa.Alloc, mc *ssa.MakeClosure) Origins {
	parts := []Origins{e.reaching(a, mc)}
	scan := func(b *ssa.BasicBlock, from int) {
		for _, instr := range b.Instrs[from:] {
			if st, ok := instr.(*ssa.Store); ok && st.Addr == a {
				parts = append(parts, e.eval(st.Val))
			}
		}
	}
	b := mc.Block()
	scan(b, slices.Index(b.Instrs, ssa.Instruction(mc))+1)
	seen := map[*ssa.BasicBlock]bool{}
	queue := slices.Clone(b.Succs)
	for len(queue) > 0 {
		s := queue[0]
		queue = queue[1:]
		if seen[s] {
			continue
		}
		seen[s] = true
		scan(s, 0)
		queue = append(queue, s.Succs...)
	}
	return lattice.Union(parts...)
}

// load returns the origins of what pointer p points to.
func (e *engine) load(p ssa.Value, pos token.Pos) Origins {
	switch p := p.(type) {
	case *ssa.Alloc:
		return e.stored(p)
	case *ssa.FreeVar:
		return lattice.Union(e.eval(p), e.storedVia(p))
	case *ssa.Global:
		key := code.GlobalKey(p)
		if knowledge.UserVars[key] {
			return Origins{{Kind: User}}
		}
		if kind, ok := e.authorities[key]; ok {
			return Origins{e.authorityValue(key, kind, e.At(pos))}
		}
		return e.cell(key, pos)
	case *ssa.FieldAddr:
		return e.hooks.fieldValue(e.rules, p, p.X, p.Field, pos)
	case *ssa.IndexAddr:
		return e.eval(p.X)
	case *ssa.Call, *ssa.Extract, *ssa.Phi, *ssa.Parameter, *ssa.UnOp:
		// flag.String returns *string; an *os.File or *os.Root stands
		// for its path; a pointer parameter's pointee is the caller's.
		return e.eval(p)
	}
	return e.bad(pos, "a value read through a pointer the analysis cannot follow")
}

// stored is the union of the values stored into a local variable, including
// stores through closures that capture it and flag bindings.
func (e *engine) stored(a *ssa.Alloc) Origins {
	parts := []Origins{e.escaped(a)}
	for _, ref := range *a.Referrers() {
		if st, ok := ref.(*ssa.Store); ok && st.Addr == a {
			parts = append(parts, e.eval(st.Val))
		}
	}
	return lattice.Union(parts...)
}

// reaching is the union of the values a load of local variable a can
// see: the stores into it that reach the load without another store in
// between (a store that can only happen later is not seen; a named result
// returned after "dir = root" is not the "" it held before), plus those
// made through closures and flag bindings, which may happen at any time.
func (e *engine) reaching(a *ssa.Alloc, load ssa.Instruction) Origins {
	escaped := e.escaped(a)
	parts := []Origins{escaped}
	seen := map[*ssa.BasicBlock]bool{}
	var walk func(b *ssa.BasicBlock, upto int, called bool)
	walk = func(b *ssa.BasicBlock, upto int, called bool) {
		for i := upto - 1; i >= 0; i-- {
			switch in := b.Instrs[i].(type) {
			case *ssa.Store:
				if in.Addr == a {
					parts = append(parts, e.eval(in.Val))
					return
				}
			case ssa.CallInstruction:
				// The call may run a closure that assigns the variable:
				// its explicit stores before stay possible, but not the
				// zero value it was declared with (`var s string` set on
				// every path through a helper closure).
				called = called || len(escaped) > 0
			}
		}
		if len(b.Preds) == 0 && !called && code.IsPathType(a.Type().Underlying().(*types.Pointer).Elem()) {
			parts = append(parts, Origins{{Kind: Empty}}) // still its zero value
		}
		for _, p := range b.Preds {
			if !seen[p] {
				seen[p] = true
				walk(p, len(p.Instrs), called)
			}
		}
	}
	b := load.Block()
	walk(b, slices.Index(b.Instrs, load), false)
	return lattice.Union(parts...)
}

// escaped is the union of the values stored into local variable a other
// than by its own function's stores: through closures that capture it,
// through its elements, and by flag bindings.
func (e *engine) escaped(a *ssa.Alloc) Origins {
	var parts []Origins
	for _, ref := range *a.Referrers() {
		switch ref := ref.(type) {
		case *ssa.MakeClosure:
			for i, b := range ref.Bindings {
				if b == a {
					fn := ref.Fn.(*ssa.Function)
					parts = append(parts, e.storedVia(fn.FreeVars[i]))
				}
			}
		case *ssa.IndexAddr:
			parts = append(parts, e.storedAt(ref))
		case ssa.CallInstruction:
			if v := boundBy(ref.Common(), a); v != nil {
				parts = append(parts, v)
			}
		}
	}
	return lattice.Union(parts...)
}

// storedVia is the union of the values a closure stores through a captured
// variable.
func (e *engine) storedVia(fv *ssa.FreeVar) Origins {
	var parts []Origins
	for _, ref := range *fv.Referrers() {
		if st, ok := ref.(*ssa.Store); ok && st.Addr == fv {
			parts = append(parts, e.eval(st.Val))
		}
		if call, ok := ref.(ssa.CallInstruction); ok {
			if v := boundBy(call.Common(), fv); v != nil {
				parts = append(parts, v)
			}
		}
	}
	return lattice.Union(parts...)
}

// storedAt is the union of the values stored at an element address.
func (e *engine) storedAt(addr *ssa.IndexAddr) Origins {
	var parts []Origins
	for _, ref := range *addr.Referrers() {
		if st, ok := ref.(*ssa.Store); ok && st.Addr == addr {
			parts = append(parts, e.eval(st.Val))
		}
	}
	return lattice.Union(parts...)
}

// boundBy returns User if the call binds the variable p points to to a
// command-line flag, nil otherwise.
func boundBy(common *ssa.CallCommon, p ssa.Value) Origins {
	fn := common.StaticCallee()
	if fn == nil {
		return nil
	}
	key := code.FuncKey(fn)
	if !knowledge.Is(key, knowledge.FlagBinder) {
		return nil
	}
	args := common.Args
	if fn.Signature.Recv() != nil {
		args = args[1:]
	}
	if len(args) > 0 && args[0] == p {
		return Origins{{Kind: User}}
	}
	return nil
}

// elems returns the origins of a slice's elements, from the stores into it.
func (e *engine) elems(s ssa.Value) Origins {
	var parts []Origins
	for _, ref := range *s.Referrers() {
		if ia, ok := ref.(*ssa.IndexAddr); ok {
			parts = append(parts, e.storedAt(ia))
		}
	}
	return lattice.Union(parts...)
}

// concat evaluates string concatenation: the leftmost operand is the origin.
func (e *engine) concat(b *ssa.BinOp) Origins {
	if _, ok := b.Type().Underlying().(*types.Basic); !ok {
		return e.bad(b.Pos(), "a value the analysis cannot follow")
	}
	if v, ok := e.hooks.concatenated(e.rules, b); ok {
		return v
	}
	left := e.eval(b.X)
	suffix := code.ElemPattern(b.Y)
	at := e.At(b.Pos())
	return left.Map(func(a Origin) Origins {
		if suffix == "*" && (a.Kind == Empty || a.Kind == Bad && a.Rel && lattice.CurrentDirPrefix(a.Lit)) {
			// "" + x is x (a string built rune by rune); "./" + x
			// names no more than x does.
			return e.eval(b.Y)
		}
		return Origins{a.AppendRaw(suffix, at)}
	})
}

// cell returns the origins of a field or package variable: the symbolic
// Cell (checked against the stores of this and later packages) plus what
// earlier packages stored into it.
func (ix *index) cell(key string, pos token.Pos) Origins {
	if f, ok := knowledge.Fields[key]; ok {
		return Origins{{Kind: Bad, Why: f.Why, Cause: f.Cause, Src: key, At: ix.At(pos)}}
	}
	if kind, ok := ix.authorities[key]; ok {
		return Origins{ix.authorityValue(key, kind, ix.At(pos))}
	}
	return Origins{{Kind: Cell, Key: key}}
}

// A join stored back in place: t.dir = Join(base, t.dir). The element
// right after the base is what the cell held, and what is stored into the
// cell reaches a write only through the cell: every other store into it
// is checked on its own by the requirement on the cell (a literal of the
// program's own stored there is reported at that store). So the element
// needs no proof that it is the user's, which the element test
// (userChosen) often cannot give when the cell is filled by a
// constructor's parameter or by a caller in another package: the base is
// the user's base there (rules/projectdir.go), and the base itself is still
// checked (a directory of the program's own, Join(wd, ".steps"), stays
// reported). The one case it lets pass is an element that is an allowed
// absolute path (a temp or rooted dir stored into the cell) put below the
// working directory by a join that does not keep absolute paths.
//
// The cell is a property of the call alone (its referrers), so the memo
// of values stays sound: e.into is set while a call whose every use is a
// store into one cell is computed, and cleared for the values it reads.

// computeInto computes v with e.into set to the cell v is stored into in
// place, if any.
func (e *engine) computeInto(v ssa.Value) Origins {
	saved := e.into
	e.into = e.intoCell(v)
	defer func() { e.into = saved }()
	return e.compute(v)
}

// intoCell returns the cell every use of the call v (or of one result of
// a call, dir, err = ...) stores it into, or "".
func (ix *index) intoCell(v ssa.Value) string {
	switch v := v.(type) {
	case *ssa.Call:
	case *ssa.Extract:
		if _, ok := v.Tuple.(*ssa.Call); !ok {
			return ""
		}
	default:
		return ""
	}
	refs := v.Referrers()
	if refs == nil || len(*refs) == 0 {
		return ""
	}
	key := ""
	for _, r := range *refs {
		st, ok := r.(*ssa.Store)
		if !ok || st.Val != v {
			return ""
		}
		k := ix.cellOf(st.Addr)
		if k == "" || key != "" && k != key {
			return ""
		}
		key = k
	}
	return key
}

// inPlace reports whether the element el is the cell the join being
// computed is stored back into (or empty).
func (e *engine) inPlace(el Origins) bool {
	if e.into == "" {
		return false
	}
	found := false
	for _, a := range el {
		switch {
		case a.Kind == Empty:
		case a.Kind == Cell && a.Key == e.into && a.Path == "" && !a.Raw:
			found = true
		default:
			return false
		}
	}
	return found
}

// Maps. At a constant key the engine follows a map's element to the
// values the package itself stores at that key into maps of the same type
// (env["K"] = v), and to what the rules' mapElem hooks say each origin of
// the map holds there (a copy of the environment, rules/envmap.go). At a
// key it does not know (m[k], a range over m) only the hooks say what the
// element is, asked at hook.AnyKey (a map the package makes and keeps,
// rules/mademaps.go). A map the function makes is whatever the MapRule
// hooks say it is. Anything else is "a map element the analysis cannot
// follow": unproven.

// lookup evaluates m[k].
func (e *engine) lookup(l *ssa.Lookup) Origins {
	at := e.At(l.Pos())
	if _, isMap := l.X.Type().Underlying().(*types.Map); !isMap {
		return hook.UnfollowedElement(at)
	}
	key, isConst := code.ConstString(l.Index)
	if !isConst {
		return elemAtAnyKey(e, l.X, l.Pos())
	}
	if !code.IsPathType(l.X.Type()) {
		return hook.UnfollowedElement(at)
	}
	m := e.eval(l.X)
	if ownMaps(m, e.cellStores) {
		// Its every update is known (rules/mademaps.go): another map's
		// stores at the key (templates beside their expansions) are not
		// its.
		return e.mapElems(m, key, at)
	}
	return lattice.Union(e.mapElems(m, key, at), e.mapSet(l.X.Type(), key))
}

// ownMaps reports whether every map v may be is one the package makes
// and keeps (lattice.OwnMap), directly or as what a variable or field
// holds wherever it is stored (stores: what is stored into a cell).
func ownMaps(v Origins, stores func(key string) Origins) bool {
	for _, a := range v {
		switch {
		case a.OwnMap():
		case a.Kind == Cell && a.Path == "" && a.TextOf(lattice.MapKey) == "":
			stored := stores(a.Key)
			if len(stored) == 0 {
				return false
			}
			for _, s := range stored {
				if s.Kind != Empty && !s.OwnMap() {
					return false
				}
			}
		default:
			return false
		}
	}
	return len(v) > 0
}

// elemAtAnyKey evaluates an element of map m at a key the analysis does
// not know (m[k], the value of a range over m).
func elemAtAnyKey(e *engine, m ssa.Value, pos token.Pos) Origins {
	if !code.IsPathType(m.Type()) {
		return hook.UnfollowedElement(e.At(pos))
	}
	return e.mapElems(e.eval(m), hook.AnyKey, e.At(pos))
}

// mapElems returns the elements at key (a constant, or anyKey) of the maps
// v may be.
func (e *engine) mapElems(v Origins, key string, at token.Position) Origins {
	return v.Map(func(a Origin) Origins {
		return e.hooks.mapElem(e.rules, a, key, at)
	})
}

// mapSet is the union of the values the package stores at key into maps
// of type t.
func (e *engine) mapSet(t types.Type, key string) Origins {
	e.indexMapSets()
	var parts []Origins
	for _, v := range e.mapSets[mapSetKey(t, key)] {
		parts = append(parts, e.eval(v))
	}
	return lattice.Union(parts...)
}

// indexMapSets builds mapSets once.
func (ix *index) indexMapSets() {
	if ix.mapSets != nil {
		return
	}
	ix.mapSets = map[string][]ssa.Value{}
	for _, fn := range ix.funcs {
		for _, b := range fn.Blocks {
			for _, instr := range b.Instrs {
				up, ok := instr.(*ssa.MapUpdate)
				if !ok {
					continue
				}
				if key, isConst := code.ConstString(up.Key); isConst {
					k := mapSetKey(up.Map.Type(), key)
					ix.mapSets[k] = append(ix.mapSets[k], up.Value)
				}
			}
		}
	}
}

// mapSetKey names the element at key of maps of type t.
func mapSetKey(t types.Type, key string) string {
	return types.TypeString(t, nil) + "\x00" + key
}

// widenNew forgets the patterns of the origins that appeared since the last
// round: recursion that keeps extending a path (f(join(p, "sub")))
// converges on "p/**" instead of growing a segment per round.
func widenNew(r, old []Origins) []Origins {
	for i := range r {
		var prev Origins
		if i < len(old) {
			prev = old[i]
		}
		w := slices.Clone(r[i])
		for j, a := range w {
			if !slices.Contains(prev, a) && a.Path != "" {
				w[j].Path = "**"
			}
		}
		r[i] = lattice.Normalize(w)
	}
	return r
}
