package rootflow

import (
	"fmt"
	"go/build"
	"go/token"
	"go/types"
	"path/filepath"
	"reflect"
	"runtime"
	"slices"
	"strconv"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/staterootlint/staterootlint/analyzers/internal/report"
)

const doc = `rootflow: compute which paths derive from a state root

rootflow is the dataflow engine behind shadowwrite, cwdwrite, blastradius
and inventory. Over SSA it decides, for every value that reaches a
filesystem write, whether it derives from a state root (an authority
function, a configured authority or root-override variable), is a temp,
cache or user-chosen path, or comes from elsewhere, and exports summaries
as facts so the analysis is interprocedural across packages.`

// Analyzer is the engine with the default configuration; the analyzers in
// the suite share it, so it runs once per package.
var Analyzer = New(DefaultConfig())

// New returns an engine with its own configuration and flags.
func New(cfg Config) *analysis.Analyzer {
	c := &cfg
	a := &analysis.Analyzer{
		Name:       "rootflow",
		Doc:        doc,
		URL:        "https://pkg.go.dev/github.com/staterootlint/staterootlint/analyzers",
		ResultType: reflect.TypeOf((*Result)(nil)),
		FactTypes:  []analysis.Fact{new(FuncFact), new(PackageFact)},
		Run: func(pass *analysis.Pass) (res any, err error) {
			defer func() {
				if r := recover(); r != nil {
					err = fmt.Errorf("rootflow: internal error analyzing %s: %v (at %s); please report it", pass.Pkg.Path(), r, panicSite())
				}
			}()
			return run(pass, c)
		},
	}
	c.register(&a.Flags)
	return a
}

// panicSite returns where the engine panicked: the innermost frame of this
// package on the panicking goroutine's stack, as "file.go:12 (function)".
func panicSite() string {
	pcs := make([]uintptr, 64)
	frames := runtime.CallersFrames(pcs[:runtime.Callers(3, pcs)])
	for {
		f, more := frames.Next()
		if strings.Contains(f.Function, "/analyzers/internal/rootflow.") {
			return fmt.Sprintf("%s:%d (%s)", filepath.Base(f.File), f.Line, f.Function[strings.LastIndex(f.Function, "/")+1:])
		}
		if !more {
			return "unknown"
		}
	}
}

// Result is what the engine found in one package.
type Result struct {
	// Writes are the write sites in the package, in source order.
	Writes []*Write
	// Findings are the values outside every state root that reach a
	// write, reported where they enter: at the write, at a call passing
	// them to a function that writes them, or at a store into a field or
	// variable that is written.
	Findings []*Finding
	// Reaches maps each function of the package, by key (its full name,
	// types.Func.FullName, or pkg.F$1 for a function literal), to the
	// writes it reaches through its whole call graph, across packages;
	// paths are in terms of the function's parameters.
	Reaches map[string][]Reach
	// Stores maps a cell (field or package variable) to what this package
	// and its dependencies store into it.
	Stores map[string]Value
	// Config is the configuration the engine ran with.
	Config *Config
	// Authorities are the program's own authorities (authorities.go),
	// named in the findings' advice; set when there are findings.
	Authorities []AuthorityRef
}

// maxResolve bounds how many cells deep Concrete follows stores.
const maxResolve = 4

// Concrete replaces the Cell atoms of v by what is stored into the cells,
// so a path kept in a struct field shows its root kind and pattern.
func (r *Result) Concrete(v Value) Value {
	return r.concrete(v, maxResolve)
}

func (r *Result) concrete(v Value, depth int) Value {
	return v.mapAtoms(func(a Atom) Value {
		if a.Kind != Cell || depth == 0 {
			return Value{a}
		}
		stored, ok := r.Stores[a.Key]
		if !ok {
			return Value{a}
		}
		return r.concrete(stored, depth-1).mapAtoms(func(b Atom) Value { return Value{b.extend(a.Path, b.At)} })
	})
}

// Write is one filesystem write site.
type Write struct {
	Pos  token.Pos
	Op   string // "os.WriteFile", or a configured sink
	Func string // the key of the function containing it
	Path Value  // origins of the written path
}

// Site says where a finding is reported.
type Site uint8

// The sites of a finding.
const (
	AtWrite Site = iota // the value reaches the write directly
	AtCall              // the value is passed to a function that writes it
	AtStore             // the value is stored into a cell that is written
)

// Finding is a value outside every state root that reaches a write.
type Finding struct {
	Pos    token.Pos
	Site   Site
	Op     string // the write (AtWrite), the callee (AtCall) or the cell (AtStore)
	Origin Atom   // the offending origin
	Reach  Req    // AtCall, AtStore: the write it reaches
}

// engine is the per-package state of one run.
type engine struct {
	pass        *analysis.Pass
	cfg         *Config
	pkg         *ssa.Package
	std         bool                // a standard library package: modelled by the tables, exports no requirements
	authorities map[string]string   // key -> root kind
	sinks       map[string]sinkSpec // key -> sink
	funcs       []*ssa.Function
	byKey       map[string]*ssa.Function
	closures    map[*ssa.Function][]*ssa.MakeClosure
	cellFuncs   map[string]Value // func values stored into cells, by cell key
	results     map[*ssa.Function][]Value
	imported    map[types.Object]*FuncFact
	foreign     map[string]*FuncFact // lazily, imported facts by key, for func values
	memo        map[ssa.Value]Value
	active      map[ssa.Value]*activeEval
	lowlink     int
	steps       int

	up       *upstream // lazily merged package facts of dependencies
	funcReqs map[string]map[int]Req
	cellReqs map[string]Req
	stores   map[string]Value
	res      *Result
	reach    map[*ssa.Function][]Reach
	seen     map[string]bool // findings already reported

	storeSites map[string][]storeSite // the stores into each cell, by cell key
	resolving  map[string]bool        // cells whose stores are being evaluated
}

func run(pass *analysis.Pass, cfg *Config) (*Result, error) {
	e := &engine{
		pass:      pass,
		cfg:       cfg,
		byKey:     map[string]*ssa.Function{},
		closures:  map[*ssa.Function][]*ssa.MakeClosure{},
		cellFuncs: map[string]Value{},
		results:   map[*ssa.Function][]Value{},
		imported:  map[types.Object]*FuncFact{},
		funcReqs:  map[string]map[int]Req{},
		cellReqs:  map[string]Req{},
		stores:    map[string]Value{},
		res:       &Result{Config: cfg},
		seen:      map[string]bool{},
		reach:     map[*ssa.Function][]Reach{},

		storeSites: map[string][]storeSite{},
		resolving:  map[string]bool{},
	}
	e.std = inGOROOT(pass)
	if e.std && !cfg.AnalyzeStd {
		// The standard library is modelled by the tables: nothing to
		// compute, and nothing to pay for when it is only a dependency.
		e.res.Reaches, e.res.Stores = map[string][]Reach{}, map[string]Value{}
		return e.res, nil
	}
	if err := e.configure(); err != nil {
		return nil, err
	}
	e.pkg, e.funcs = buildSSA(pass)
	for _, fn := range e.funcs {
		e.byKey[funcKey(fn)] = fn
		for _, b := range fn.Blocks {
			for _, instr := range b.Instrs {
				switch in := instr.(type) {
				case ssa.CallInstruction:
					e.collectStores(fn, in)
				case *ssa.MakeClosure:
					callee := in.Fn.(*ssa.Function)
					e.closures[callee] = append(e.closures[callee], in)
				case *ssa.Store:
					// Func values stored into fields and variables, so
					// calls through them resolve (an authority kept in a
					// struct field and called later).
					e.collectStores(fn, in)
					switch v := in.Val.(type) {
					case *ssa.Function:
						e.addCellFunc(in.Addr, v)
					case *ssa.MakeClosure:
						e.addCellFunc(in.Addr, v.Fn.(*ssa.Function))
					}
				}
			}
		}
	}
	e.summarize()
	e.resetMemo()
	e.propagate()
	e.reachAll()
	e.export()
	if len(e.res.Findings) > 0 {
		e.res.Authorities = e.programAuthorities()
	}
	return e.res, nil
}

func (e *engine) addCellFunc(addr ssa.Value, fn *ssa.Function) {
	if key := e.cellOf(addr); key != "" {
		e.cellFuncs[key] = union(e.cellFuncs[key], Value{{Kind: Func, Key: funcKey(fn)}})
	}
}

// configure builds the authority and sink tables from the configuration
// and the directives of this package.
func (e *engine) configure() error {
	e.authorities = map[string]string{}
	for _, a := range e.cfg.Authorities {
		name, kind, hasKind := strings.Cut(a, "=")
		if !hasKind || kind == "" {
			kind = "state"
		}
		e.authorities[name] = kind
		if field := fieldAuthority(name); field != "" {
			e.authorities[field] = kind
		}
	}
	e.sinks = make(map[string]sinkSpec, len(builtinSinks)+len(e.cfg.Sinks))
	for k, v := range builtinSinks {
		e.sinks[k] = v
	}
	// A configured sink adds a checked path to the function's entry: it
	// never replaces what the tables already check.
	for _, s := range e.cfg.Sinks {
		name, idx, ok := strings.Cut(s, "#")
		n, err := strconv.Atoi(idx)
		if !ok || err != nil || n < 0 {
			return &ConfigError{Flag: FlagSinks, Entry: s, Msg: "want pkg.Func#N with N the index of the path parameter"}
		}
		spec, known := e.sinks[name]
		if !known {
			spec = sinkSpec{flag: -1}
		}
		if !slices.Contains(spec.extra, n) {
			spec.extra = append(slices.Clone(spec.extra), n)
		}
		e.sinks[name] = spec
	}
	if err := e.checkSinkIndices(); err != nil {
		return err
	}
	for fd, args := range report.FuncDirectives(e.pass.Files, "authority") {
		obj, _ := e.pass.TypesInfo.Defs[fd.Name].(*types.Func)
		if obj == nil {
			continue
		}
		kind := "state"
		if len(args) > 0 {
			kind = args[0]
		}
		e.authorities[obj.FullName()] = kind
		e.pass.ExportObjectFact(obj, &FuncFact{Authority: kind})
	}
	return nil
}

// fieldAuthority returns the cell key of a configured "(pkg.T).Field" or
// "(*pkg.T).Field" authority, a field holding a state root ("pkg.T.Field"),
// or "" for other forms. (A method of the same spelling keeps its own key.)
func fieldAuthority(name string) string {
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

// ConfigError is an invalid engine flag value: exit code 78 (EX_CONFIG)
// in the drivers that map errors to exit codes.
type ConfigError struct {
	Flag  string // the flag, such as "sinks"
	Entry string // the offending list entry
	Msg   string // what is wrong
}

func (e *ConfigError) Error() string {
	return fmt.Sprintf("rootflow: invalid -%s entry %q: %s", e.Flag, e.Entry, e.Msg)
}

// ExitCode returns 78 (EX_CONFIG).
func (e *ConfigError) ExitCode() int { return 78 }

// checkSinkIndices reports a configured sink this package uses whose path
// index is not one of the function's parameters (a sink nobody calls here
// cannot be checked here: only its callers see its signature).
func (e *engine) checkSinkIndices() error {
	var errs []*ConfigError
	seen := map[string]bool{}
	for _, obj := range e.pass.TypesInfo.Uses {
		fn, ok := obj.(*types.Func)
		if !ok {
			continue
		}
		key := fn.Origin().FullName()
		spec, ok := e.sinks[key]
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

func (e *engine) resetMemo() {
	e.memo = map[ssa.Value]Value{}
	e.active = map[ssa.Value]*activeEval{}
	e.lowlink = 0
	e.steps = 0
}

// at renders a position as "file.go:12" for messages and facts.
func (e *engine) at(pos token.Pos) string {
	if !pos.IsValid() {
		return ""
	}
	p := e.pass.Fset.Position(pos)
	return filepath.Base(p.Filename) + ":" + strconv.Itoa(p.Line)
}

// local reports whether fn belongs to the package being analyzed.
func (e *engine) local(fn *ssa.Function) bool {
	if o := fn.Origin(); o != nil {
		fn = o
	}
	return fn.Pkg == e.pkg
}

// summarize computes the result summaries of the package's functions to a
// fixpoint (recursion and call cycles converge: values only grow, and
// patterns and sets are bounded).
func (e *engine) summarize() {
	for round := 0; round < 8; round++ {
		e.resetMemo()
		changed := false
		for _, fn := range e.funcs {
			r := e.computeResults(fn)
			old := e.results[fn]
			same := len(r) == len(old)
			for i := 0; same && i < len(r); i++ {
				same = r[i].equal(old[i])
			}
			if !same {
				if round >= 2 {
					r = widenNew(r, old)
				}
				e.results[fn] = r
				changed = true
			}
		}
		if !changed {
			return
		}
	}
}

// widenNew forgets the patterns of the atoms that appeared since the last
// round: recursion that keeps extending a path (f(join(p, "sub")))
// converges on "p/**" instead of growing a segment per round.
func widenNew(r, old []Value) []Value {
	for i := range r {
		var prev Value
		if i < len(old) {
			prev = old[i]
		}
		w := slices.Clone(r[i])
		for j, a := range w {
			if !slices.Contains(prev, a) && a.Path != "" {
				w[j].Path = "**"
			}
		}
		r[i] = normalize(w)
	}
	return r
}

// computeResults returns the origins of fn's path-typed results, ignoring
// zero values returned beside a non-nil error.
func (e *engine) computeResults(fn *ssa.Function) []Value {
	results := fn.Signature.Results()
	n := results.Len()
	if n == 0 || len(fn.Blocks) == 0 {
		return nil
	}
	carries := make([]bool, n)
	any := false
	for i := range n {
		carries[i] = isPathType(results.At(i).Type())
		any = any || carries[i]
	}
	if !any {
		return nil
	}
	errLast := isError(results.At(n - 1).Type())
	out := make([]Value, n)
	for _, b := range fn.Blocks {
		ret, ok := b.Instrs[len(b.Instrs)-1].(*ssa.Return)
		if !ok || b == fn.Recover {
			// The recover block returns what a deferred recover left,
			// only after a panic: not a path this function computes.
			continue
		}
		failing := errLast && !isNilConst(ret.Results[n-1]) || onErrorPath(b)
		for i, r := range ret.Results {
			if !carries[i] || (failing && isZeroConst(r)) {
				continue
			}
			v := e.eval(r)
			if failing {
				// An empty path beside an error that may be non-nil is
				// the zero value of a failure path (return "", err, or a
				// named result still zero when a defer sets err).
				v = v.without(Empty)
			}
			out[i] = union(out[i], v)
		}
	}
	for i := range out {
		if carries[i] && out[i] == nil {
			out[i] = Value{} // carries paths, none found: distinct from "not a path"
		}
	}
	return out
}

// summary returns the fact of a callee declared in another package, or nil
// when it has none. (This package's functions are read from e.results
// and e.funcReqs directly: they change during the fixpoint.)
func (e *engine) summary(t callee) *FuncFact {
	if t.fn == nil || origin(t.fn).Object() == nil {
		return e.foreignFact(t.key)
	}
	obj := origin(t.fn).Object()
	if f, ok := e.imported[obj]; ok {
		return f
	}
	var f *FuncFact
	if fact := new(FuncFact); e.pass.ImportObjectFact(obj, fact) {
		f = fact
	}
	e.imported[obj] = f
	return f
}

// foreignFact finds the fact of a function of another package by key (for
// func values stored in cells by other packages).
func (e *engine) foreignFact(key string) *FuncFact {
	if e.foreign == nil {
		e.foreign = map[string]*FuncFact{}
		for _, of := range e.pass.AllObjectFacts() {
			if fn, ok := of.Object.(*types.Func); ok {
				if f, ok := of.Fact.(*FuncFact); ok {
					e.foreign[fn.FullName()] = f
				}
			}
		}
	}
	return e.foreign[key]
}

// inGOROOT reports whether the package is part of the standard library.
// The standard library is modelled by the tables in known.go: what its
// internals do with their parameters (os.Open may chmod for the sticky
// bit) is not a requirement on its callers.
func inGOROOT(pass *analysis.Pass) bool {
	if len(pass.Files) == 0 {
		return false
	}
	goroot := filepath.Clean(build.Default.GOROOT) + string(filepath.Separator)
	// The position, not the parsed file's name: with cgo (net, os/user)
	// the parsed files are cgo's translations in the build cache, and
	// their //line directives name the files in GOROOT.
	return strings.HasPrefix(pass.Fset.Position(pass.Files[0].Package).Filename, goroot)
}

func isPathType(t types.Type) bool { return pathType(t, 0) }

// pathType is isPathType with a depth bound: types may be recursive
// (type list []list, type p *p).
func pathType(t types.Type, depth int) bool {
	if depth > 4 {
		return false
	}
	if tp, ok := types.Unalias(t).(*types.TypeParam); ok {
		return stringConstraint(tp, depth+1)
	}
	switch u := t.Underlying().(type) {
	case *types.Basic:
		return u.Info()&types.IsString != 0
	case *types.Slice:
		return pathType(u.Elem(), depth+1)
	case *types.Array:
		return pathType(u.Elem(), depth+1)
	case *types.Pointer:
		if named, ok := u.Elem().(*types.Named); ok && named.Obj().Pkg() != nil && named.Obj().Pkg().Path() == "os" {
			switch named.Obj().Name() {
			case "File", "Root":
				return true
			}
		}
		return pathType(u.Elem(), depth+1)
	case *types.Signature:
		// A func value may be an authority (stored in a field, called later).
		return u.Params().Len() == 0 && u.Results().Len() >= 1 && pathType(u.Results().At(0).Type(), depth+1)
	}
	return false
}

// stringConstraint reports whether a type parameter's constraint admits
// only string types (~string, string | []byte counts as not).
func stringConstraint(tp *types.TypeParam, depth int) bool {
	iface, ok := tp.Constraint().Underlying().(*types.Interface)
	if !ok {
		return false
	}
	found := false
	for i := range iface.NumEmbeddeds() {
		switch u := iface.EmbeddedType(i).(type) {
		case *types.Union:
			for j := range u.Len() {
				if !pathType(u.Term(j).Type(), depth) {
					return false
				}
				found = true
			}
		default:
			if pathType(u, depth) {
				found = true
			}
		}
	}
	return found
}

// onErrorPath reports whether block b runs only after a check found an
// error (`if err != nil { return "" }`): what it returns is a failure
// path's zero value even without an error result.
func onErrorPath(b *ssa.BasicBlock) bool {
	for cmp, equal := range guards(b) {
		if !equal && isNilConst(cmp.Y) && isError(cmp.X.Type()) {
			return true
		}
	}
	return false
}

func isError(t types.Type) bool {
	return types.Identical(t, types.Universe.Lookup("error").Type())
}

func isNilConst(v ssa.Value) bool {
	c, ok := v.(*ssa.Const)
	return ok && c.IsNil()
}

func isZeroConst(v ssa.Value) bool {
	c, ok := v.(*ssa.Const)
	if !ok {
		return false
	}
	if c.Value == nil {
		return true
	}
	s, isConst := constString(c)
	return isConst && s == ""
}
