package rootflow

import (
	"fmt"
	"go/token"
	"go/types"
	"slices"
	"strconv"
	"strings"

	"github.com/staterootlint/staterootlint/analyzers/internal/knowledge"
	"github.com/staterootlint/staterootlint/analyzers/internal/lattice"
	"github.com/staterootlint/staterootlint/analyzers/internal/report"
	"github.com/staterootlint/staterootlint/analyzers/internal/rootflow/code"
	"github.com/staterootlint/staterootlint/analyzers/internal/rootflow/hook"
	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"
)

// buildIndex records the package's functions, closures and stores.
func (e *engine) buildIndex() {
	var ops []*ssa.Value
	for _, fn := range e.funcs {
		e.byKey[e.keyOf(fn)] = fn
		for _, b := range fn.Blocks {
			for _, instr := range b.Instrs {
				ops = e.collectValueFuncs(instr, ops[:0])
				e.hooks.indexInstr(e.rules, fn, instr)
				switch in := instr.(type) {
				case ssa.CallInstruction:
					e.collectStores(fn, in)
					e.collectFlagCallback(in.Common())
					e.collectWalkCallback(in.Common())
				case *ssa.MakeClosure:
					callee := in.Fn.(*ssa.Function)
					e.closures[callee] = append(e.closures[callee], in)
					if m, ok := callee.Object().(*types.Func); ok && callee.Synthetic != "" {
						e.valueFuncs[e.fullName(m.Origin())] = m.Origin()
					}
				case *ssa.Store:
					// Func values stored into fields and variables, so
					// calls through them resolve (an authority kept in a
					// struct field and called later).
					e.collectStores(fn, in)
					val := in.Val
					if ct, ok := val.(*ssa.ChangeType); ok {
						val = ct.X // converted to a named func type
					}
					switch v := val.(type) {
					case *ssa.Function:
						e.addCellFunc(in.Addr, v)
					case *ssa.MakeClosure:
						e.addCellFunc(in.Addr, v.Fn.(*ssa.Function))
					}
				}
			}
		}
	}
	e.hooks.indexDone(e.rules)
}

func (ix *index) addCellFunc(addr ssa.Value, fn *ssa.Function) {
	if key := ix.cellOf(addr); key != "" {
		if obj := code.Origin(fn).Object(); obj != nil && !ix.local(fn) {
			ix.funcObjs[ix.keyOf(fn)] = obj
		}
		ix.cellFuncs[key] = lattice.Union(ix.cellFuncs[key], Origins{{Kind: Func, Key: ix.keyOf(fn)}})
	}
}

// configure builds the authority and sink tables from the configuration
// and the directives of this package.
func (ix *index) configure() error {
	ix.authorities = map[string]string{}
	for _, a := range ix.cfg.Authorities {
		name, kind, hasKind := strings.Cut(a, "=")
		if !hasKind || kind == "" {
			kind = "state"
		}
		ix.authorities[name] = kind
		if field := FieldCellKey(name); field != "" {
			ix.authorities[field] = kind
		}
	}
	ix.sinks = builtinSinks()
	ix.writeFlags = knowledge.WriteFlags(importedOS(ix.pass.Pkg))
	// A configured sink adds a checked path to the function's entry: it
	// never replaces what the tables already check.
	for _, s := range ix.cfg.Sinks {
		name, idx, ok := strings.Cut(s, "#")
		n, err := strconv.Atoi(idx)
		if !ok || err != nil || n < 0 {
			return &ConfigError{Flag: FlagSinks, Entry: s, Msg: "want pkg.Func#N with N the index of the path parameter"}
		}
		spec, known := ix.sinks[name]
		if !known {
			spec = sinkSpec{flag: -1}
		}
		if !slices.Contains(spec.extra, n) {
			spec.extra = append(slices.Clone(spec.extra), n)
		}
		ix.sinks[name] = spec
	}
	if err := ix.checkSinkIndices(); err != nil {
		return err
	}
	for fd, args := range report.FuncDirectives(ix.pass.Files, "authority") {
		obj, _ := ix.pass.TypesInfo.Defs[fd.Name].(*types.Func)
		if obj == nil {
			continue
		}
		kind := "state"
		if len(args) > 0 {
			kind = args[0]
		}
		if len(args) > 1 && (args[1] == AuthorityFile || args[1] == AuthorityBase) {
			kind += ":" + args[1] // any other word is blastradius's to report
		}
		ix.authorities[obj.FullName()] = kind
		ix.pass.ExportObjectFact(obj, &FuncFact{Authority: kind})
	}
	return nil
}

// FieldCellKey returns the cell key ("pkg.T.Field") of a field named as
// configurations name it, "(pkg.T).Field" or "(*pkg.T).Field" (a
// configured field authority), or "" for other forms. (A method of the
// same spelling keeps its own key.)
func FieldCellKey(name string) string {
	rest, ok := strings.CutPrefix(name, "(")
	if !ok {
		return ""
	}
	rest = strings.TrimPrefix(rest, "*")
	typ, member, ok := strings.Cut(rest, ").")
	if !ok {
		return ""
	}
	return typ + "." + member
}

// checkSinkIndices reports a configured sink this package uses whose path
// index is not one of the function's parameters (a sink nobody calls here
// cannot be checked here: only its callers see its signature).
func (ix *index) checkSinkIndices() error {
	if len(ix.cfg.Sinks) == 0 {
		return nil // only configured indices can be out of range
	}
	var errs []*ConfigError
	seen := map[string]bool{}
	for _, obj := range ix.pass.TypesInfo.Uses {
		fn, ok := obj.(*types.Func)
		if !ok {
			continue
		}
		key := fn.Origin().FullName()
		spec, ok := ix.sinks[key]
		if !ok || len(spec.extra) == 0 || seen[key] {
			continue
		}
		seen[key] = true
		params := fn.Origin().Signature().Params().Len()
		for _, n := range spec.extra {
			if n >= params {
				msg := fmt.Sprintf("path parameter index %d out of range: %s has %d parameters, so N must be 0..%d", n, key, params, params-1)
				if params == 0 {
					msg = fmt.Sprintf("%s has no parameters; a sink takes the path it writes", key)
				}
				errs = append(errs, &ConfigError{Flag: FlagSinks, Entry: key + "#" + strconv.Itoa(n), Msg: msg})
			}
		}
	}
	if len(errs) == 0 {
		return nil
	}
	slices.SortFunc(errs, func(a, b *ConfigError) int { return strings.Compare(a.Entry, b.Entry) })
	return errs[0]
}

// At returns the full position of pos, for messages and facts (the zero
// Position when pos is not valid).
func (ix *index) At(pos token.Pos) token.Position {
	if !pos.IsValid() {
		return token.Position{}
	}
	return ix.pass.Fset.Position(pos)
}

// local reports whether fn belongs to the package being analyzed.
func (ix *index) local(fn *ssa.Function) bool {
	if o := fn.Origin(); o != nil {
		fn = o
	}
	return fn.Pkg == ix.pkg
}

// summary returns the fact of a callee declared in another package, or nil
// when it has none. (This package's functions are read from e.results
// and e.funcReqs directly: they change during the fixpoint.)
func (ix *index) summary(t callee) *FuncFact {
	if t.invoke || t.fn != nil && t.fn.Synthetic == "package initializer" {
		return nil // facts are on concrete, declared functions
	}
	var obj types.Object
	if t.fn != nil {
		obj = code.Origin(t.fn).Object()
		if obj == nil {
			obj = wrappedMethod(t.fn)
		}
	} else if t.obj != nil {
		obj = t.obj // an implementation in another package
	} else {
		obj = ix.funcObjs[t.key] // a func value of another package
	}
	if obj == nil {
		return ix.foreignFact(t.key)
	}
	return ix.factOf(obj)
}

// factOf returns the fact of a function of another package, decoded, or
// nil for none; remembered.
func (ix *index) factOf(obj types.Object) *FuncFact {
	if f, ok := ix.imported[obj]; ok {
		return f
	}
	var f *FuncFact
	if fact := new(FuncFact); ix.pass.ImportObjectFact(obj, fact) {
		f = ix.loaded(fact)
	}
	ix.imported[obj] = f
	return f
}

// loaded returns an imported fact with its fields decoded (FuncFact.Loaded),
// or nil for no fact. One that does not decode is kept as the run's error
// (engine.factErr) and reads as no fact meanwhile.
func (ix *index) loaded(fact *FuncFact) *FuncFact {
	if fact == nil {
		return nil
	}
	f, err := fact.Loaded()
	if err != nil {
		if ix.factErr == nil {
			ix.factErr = err
		}
		return nil
	}
	return f
}

// wrappedMethod returns the declared method a method wrapper calls (a
// promoted method, or a value method called through a pointer), or nil.
func wrappedMethod(fn *ssa.Function) types.Object {
	recv := fn.Signature.Recv()
	if recv == nil {
		return nil
	}
	var pkg *types.Package
	if fn.Pkg != nil {
		pkg = fn.Pkg.Pkg
	}
	if m, _, _ := types.LookupFieldOrMethod(recv.Type(), true, pkg, fn.Name()); m != nil {
		if f, ok := m.(*types.Func); ok {
			return f
		}
	}
	return nil
}

// foreignFact finds the fact of a function of another package by key (for
// func values stored in cells by other packages, and function literals
// that left their package). All the object facts in sight are read for
// it, once, which costs reading every dependency's types in the unit
// driver: a function literal's summary is in its package fact, and a
// function met as a value has its object (funcObjs), so only a func value
// stored by another package comes here.
func (ix *index) foreignFact(key string) *FuncFact {
	if ix.closureFacts == nil {
		ix.closureFacts = map[string]*FuncFact{}
		for _, pf := range ix.pass.AllPackageFacts() {
			if f, ok := pf.Fact.(*PackageFact); ok {
				for _, c := range f.Closures {
					ix.closureFacts[c.Key] = &FuncFact{Results: c.Results}
				}
			}
		}
	}
	if f, ok := ix.closureFacts[key]; ok {
		return f
	}
	if ix.foreign == nil {
		ix.foreign = map[string]*FuncFact{}
		for _, of := range ix.pass.AllObjectFacts() {
			if fn, ok := of.Object.(*types.Func); ok {
				if f, ok := of.Fact.(*FuncFact); ok {
					ix.foreign[fn.FullName()] = f
				}
			}
		}
	}
	return ix.loaded(ix.foreign[key])
}

// importedOS returns package os as pkg sees it (pkg itself, or one of its
// imports), or nil.
func importedOS(pkg *types.Package) *types.Package {
	if pkg.Path() == "os" {
		return pkg
	}
	for _, imp := range pkg.Imports() {
		if imp.Path() == "os" {
			return imp
		}
	}
	return nil
}

// upstream is the merged package facts of the dependencies (index).
func (ix *index) upstream() *upstream { return ix.up }

// collectStores records the stores of fn into fields and package
// variables: assignments, flag bindings (a user-chosen value) and
// (*sync/atomic.Value).Store.
func (e *engine) collectStores(fn *ssa.Function, instr ssa.Instruction) {
	switch in := instr.(type) {
	case *ssa.Store:
		if e.hooks.ownedStore(e.rules, in) {
			return // a field of an object only a rule's reads see
		}
		if key := e.cellOf(in.Addr); key != "" && code.IsPathType(in.Val.Type()) {
			e.storeSites[key] = append(e.storeSites[key], hook.StoreSite{Pos: in.Pos(), Val: in.Val, Fn: fn, Addr: in.Addr})
		}
	case ssa.CallInstruction:
		common := in.Common()
		callee := common.StaticCallee()
		if callee == nil || len(common.Args) == 0 {
			return
		}
		args := common.Args
		switch key := e.keyOf(callee); {
		case knowledge.Is(key, knowledge.FlagBinder):
			if callee.Signature.Recv() != nil {
				args = args[1:]
			}
			if len(args) > 0 {
				bound := args[0]
				if mi, ok := bound.(*ssa.MakeInterface); ok {
					bound = mi.X // a flag.Value: the variable whose address implements it
				}
				if cell := e.cellOf(bound); cell != "" {
					e.storeSites[cell] = append(e.storeSites[cell], hook.StoreSite{Pos: in.Pos(), Fn: fn})
				}
			}
		case knowledge.Is(key, knowledge.AtomicStore) && len(args) == 2:
			if cell := e.cellOf(args[0]); cell != "" {
				e.storeSites[cell] = append(e.storeSites[cell], hook.StoreSite{Pos: in.Pos(), Val: args[1], Fn: fn})
			}
		}
	}
}

// cellOf returns the cell an address denotes: a field or package variable.
func (ix *index) cellOf(addr ssa.Value) string {
	switch a := addr.(type) {
	case *ssa.FieldAddr:
		return code.FieldKey(a.X.Type(), a.Field, ix)
	case *ssa.Global:
		return code.GlobalKey(a)
	}
	return ""
}

// collectFlagCallback records the function a call hands to flag.Func (or
// a look-alike of the knowledge table) as a flag callback.
func (ix *index) collectFlagCallback(common *ssa.CallCommon) {
	callee := common.StaticCallee()
	if callee == nil || callee.Name() != "Func" || !knowledge.Is(ix.keyOf(callee), knowledge.FlagCallback) {
		return // (the name first: funcKey builds a string)
	}
	for _, arg := range common.Args {
		switch f := arg.(type) {
		case *ssa.Function:
			ix.flagCallbacks[f] = true
		case *ssa.MakeClosure:
			ix.flagCallbacks[f.Fn.(*ssa.Function)] = true
		}
	}
}

// collectWalkCallback records the function a call hands to filepath.Walk
// (or a look-alike of the knowledge table) with the root it walks.
func (ix *index) collectWalkCallback(common *ssa.CallCommon) {
	callee := common.StaticCallee()
	if callee == nil || !strings.HasPrefix(callee.Name(), "Walk") || len(common.Args) != 2 || !knowledge.Is(ix.keyOf(callee), knowledge.WalkCallback) {
		return // (the name first: funcKey builds a string)
	}
	var f *ssa.Function
	fv := common.Args[1]
	if ct, ok := fv.(*ssa.ChangeType); ok {
		fv = ct.X // a func literal made a filepath.WalkFunc
	}
	switch fn := fv.(type) {
	case *ssa.Function:
		f = fn
	case *ssa.MakeClosure:
		f = fn.Fn.(*ssa.Function)
	default:
		return // a func value: its target's parameter stays its callers'
	}
	if ix.walkRoots == nil {
		ix.walkRoots = map[*ssa.Function][]ssa.Value{}
	}
	ix.walkRoots[f] = append(ix.walkRoots[f], common.Args[0])
}

// keyOf is funcKey(fn), remembered: the engine resolves the same callees
// again at every pass over the calls.
func (ix *index) keyOf(fn *ssa.Function) string {
	if k, ok := ix.keys[fn]; ok {
		return k
	}
	if ix.keys == nil {
		ix.keys = map[*ssa.Function]string{}
	}
	k := code.FuncKey(fn)
	ix.keys[fn] = k
	return k
}

// fullName is f.FullName(), remembered: dispatch asks for the same
// interface methods and implementations at every call on them, and
// FullName builds its text anew each time.
func (ix *index) fullName(f *types.Func) string {
	if n, ok := ix.fullNames[f]; ok {
		return n
	}
	if ix.fullNames == nil {
		ix.fullNames = map[*types.Func]string{}
	}
	n := f.FullName()
	ix.fullNames[f] = n
	return n
}

// collectValueFuncs records the declared functions instr uses as values:
// every operand that is one, but the callee of a static call (a method
// value's wrapper is recorded with the closures).
func (ix *index) collectValueFuncs(instr ssa.Instruction, ops []*ssa.Value) []*ssa.Value {
	var callee ssa.Value
	if call, ok := instr.(ssa.CallInstruction); ok && !call.Common().IsInvoke() {
		callee = call.Common().Value
	}
	ops = instr.Operands(ops)
	for _, op := range ops {
		fn, ok := (*op).(*ssa.Function)
		if !ok || *op == callee {
			continue
		}
		if obj, ok := code.Origin(fn).Object().(*types.Func); ok {
			ix.valueFuncs[ix.fullName(obj.Origin())] = obj.Origin()
		}
	}
	return ops
}

func (ix *index) bad(pos token.Pos, format string, args ...any) Origins {
	return Origins{{Kind: Bad, Why: fmt.Sprintf(format, args...), At: ix.At(pos)}}
}

// builtinSinks returns the sinks of the knowledge table.
func builtinSinks() map[string]sinkSpec {
	m := map[string]sinkSpec{}
	for _, f := range knowledge.All() {
		if f.Has(knowledge.Sink) {
			m[f.Name] = sinkSpec{paths: f.Sink.Paths, flag: f.Sink.Flag, emptyIsTemp: f.Sink.EmptyIsTemp}
		}
	}
	return m
}

// inModule reports whether a function or cell key belongs to the module
// of the package being analyzed (always, when the driver names no module).
//
// Requirements do not cross into another module through that module's own
// fields: a library keeps the paths it is given in fields shared by every
// object of a type (a shell interpreter's Runner.Dir, its parser's token
// values), and the engine, which tells fields apart but not objects, would
// blame its caller for everything the library ever stores there. A
// library's parameter that reaches a write through its calls alone is
// still a requirement on the caller; a library that writes through a field
// is declared with -sinks (bbolt.Open#0). A package variable is one
// object: another module's is followed to the stores it made (propagate).
func (ix *index) inModule(key string) bool {
	m := ix.pass.Module
	if m == nil || m.Path == "" {
		return true
	}
	key = strings.TrimLeft(key, "(*")
	return key == m.Path || strings.HasPrefix(key, m.Path+"/") || strings.HasPrefix(key, m.Path+".")
}

// foreignField reports whether cell key names a field of a type the
// program does not own: a standard library type (url.URL) or another
// module's. The engine names a field by its type (a cell shared by every
// object); for the program's own types the cell's stores are checked,
// but the program's stores into a foreign type's field are stores into
// its own objects (a health check's URL), while the objects a write
// reads may be filled by the library (url.Parse). So a read of such a
// field sees only the object it is tied to (a local object or a package
// variable's, rules/localobjects.go; a constructor's or the one a
// parameter's caller passes, ctors.go); a requirement on the field of
// every object is unproven, never the union of the stores (propagate),
// and the inventory's view leaves a standard library type's field
// unresolved (Result.Concrete).
func (ix *index) foreignField(key string) bool {
	if ix.std || isVariable(key) {
		return false
	}
	return !ix.inModule(key) || code.IsStdPath(cellPackage(key))
}

// cellPackage returns the import path of the package cell key belongs to
// ("net/url" of "net/url.URL.Host"): up to the first dot of its last path
// element (an import path whose last element has a dot, gopkg.in/yaml.v3,
// is cut short, which is no standard library path either).
func cellPackage(key string) string {
	key = strings.TrimLeft(key, "(*")
	slash := strings.LastIndex(key, "/")
	dot := strings.Index(key[slash+1:], ".")
	if dot < 0 {
		return key
	}
	return key[:slash+1+dot]
}

// typeOfCell renders the type a field's cell key belongs to for
// messages: "url.URL" of "net/url.URL.Host".
func typeOfCell(key string) string {
	s := lattice.ShortName(key)
	if i := strings.LastIndex(s, "."); i > 0 {
		return s[:i]
	}
	return s
}

// mergeUpstream merges the package facts of the dependencies (index).
func (ix *index) mergeUpstream() *upstream {
	up := &upstream{cellReqs: map[string]Req{}, funcReqs: map[string]map[int]Req{}, parts: map[string][]Origins{}, merged: map[string]Origins{}}
	// facts come in no particular order; the first requirement found for
	// a parameter or cell names the chain in messages, so sort them.
	facts := ix.pass.AllPackageFacts()
	slices.SortFunc(facts, func(a, b analysis.PackageFact) int { return strings.Compare(a.Package.Path(), b.Package.Path()) })
	for _, pf := range facts {
		f, ok := pf.Fact.(*PackageFact)
		if !ok || pf.Package == ix.pass.Pkg {
			continue
		}
		for _, s := range f.Stores {
			up.parts[s.Key] = append(up.parts[s.Key], s.Value)
		}
		for _, r := range f.CellReqs {
			old, had := up.cellReqs[r.Key]
			up.cellReqs[r.Key], _ = lattice.Arrive(old, had, r.Req)
		}
		for _, r := range f.FuncReqs {
			if up.funcReqs[r.Key] == nil {
				up.funcReqs[r.Key] = map[int]Req{}
			}
			old, had := up.funcReqs[r.Key][r.Index]
			up.funcReqs[r.Key][r.Index], _ = lattice.Arrive(old, had, r.Req)
		}
	}
	return up
}
