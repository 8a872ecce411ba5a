package rootflow

import (
	"cmp"
	"go/token"
	"go/types"
	"maps"
	"slices"
	"strings"

	"github.com/staterootlint/staterootlint/analyzers/internal/lattice"
	"github.com/staterootlint/staterootlint/analyzers/internal/radius"
	"github.com/staterootlint/staterootlint/analyzers/internal/rootflow/hook"
	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"
)

// engine is the per-package state of one run, in three parts with one
// role each: the index of the package (built in index.go), the evaluator
// of values and summaries (eval.go, summaries.go), and the requirements
// and findings it derives (propagate.go). The parts and the small types
// they hold are declared in this file, below every phase that fills or
// reads them.
type engine struct {
	index
	evaluator
	requirements
	hooks hooks        // the idiom rules, by hook (hooks.go)
	rules hook.Context // the engine as the rules see it (surface.go)

	methodValues map[*types.Func]bool  // the unexported methods whose value the package takes (importable)
	envHelpers   map[*types.Func][]int // the package's env helpers (envhelpers.go)
}

// Allowances: a command declares the files it produces where the program
// runs (an app.toml from a scaffolding command, a support bundle) with
// //staterootlint:allow-write cwd:NAME on its function, or the
// configuration's allow-write key for a function or "*" (the whole
// program). A write reached from that function, in this package, whose
// path matches a pattern is declared: it is no finding, and its origin
// becomes the root kind "cwd" (lattice.CwdRoot) with the path below the
// working directory, which the inventory shows under cwd/. The write's
// requirement carries the allowance (lattice.ReqAllowed), so a store the
// write reads, made outside the function, is declared too. Nothing else
// about the function's writes changes: unlike may-write, an allowance
// restricts nothing.
//
// Reached from: the function itself, its closures, and the functions of
// the package it calls statically, transitively. A write in another
// package is declared there (its own function, or "*"): the facts that
// carry a package's writes flow from callees to callers, so a dependency
// cannot learn of its importer's allowance.

// allowances are the patterns that cover the package's functions: those
// of the whole program ("*"), and those of each function a named
// allowance reaches; nil when there is none.
type allowances struct {
	all    []radius.Pattern
	byFunc map[*ssa.Function][]radius.Pattern
}

// callee is the resolved target of a call: a function with SSA args
// (receiver first), or an interface method.
type callee struct {
	fn     *ssa.Function // static callee, nil for dynamic calls and other packages' methods
	key    string        // funcKey of fn, or the interface method's full name
	invoke bool          // an interface method no implementation was found for
	// dispatched: an implementation of the interface method an invoke
	// call names; its arguments are the receiver, then the call's.
	dispatched bool
	// shared: one of several implementations the call may reach, none
	// known to be the receiver's: its results count, but its
	// requirements do not bind the call (another implementation may be
	// the one that runs, as a container's Copy beside the host's).
	shared bool
	// obj is the declared method of an implementation in another
	// package (fn is nil then): where its fact is.
	obj *types.Func
	// viaParam: a func-valued parameter's target, one of the functions
	// the callers pass; its writes are checked where each is bound
	// (sinkvalue.go), not here.
	viaParam bool
	// recv is the receiver a method value binds (s.Save called as a
	// func value, boundCallees): the first of the arguments t receives.
	recv ssa.Value
}

// Func is t's static callee (calleeRef).
func (t callee) Func() *ssa.Function { return t.fn }

// Invoke reports whether t is an interface method no implementation was
// found for (calleeRef).
func (t callee) Invoke() bool { return t.invoke }

// args returns the call's arguments as t receives them: receiver first.
func (t callee) args(common *ssa.CallCommon) []ssa.Value {
	switch {
	case t.recv != nil:
		return append([]ssa.Value{t.recv}, common.Args...)
	case t.dispatched:
		return append([]ssa.Value{common.Value}, common.Args...)
	}
	return common.Args
}

// Objects through constructors: a field read through a parameter that
// points to an object (rc.path in func (rc *RC) Touch) is the field of
// the object the caller passes, not of every object of the type. The read
// is a Cell origin with Of and Obj naming the parameter; a requirement on
// it is a requirement on that parameter's field (fieldReqs, exported as
// FuncFact.FieldReqs), and each caller decides, per call, which objects
// reach the parameter (checkObject):
//   - a new object of the caller (&RC{path: p}): the stores into its
//     field, where they are;
//   - the result of a constructor, a function of the package whose
//     returns are new objects (RCFromPath, or FindRC returning
//     RCFromPath's result), followed through its returns: a part of the
//     stored value that arises in the constructor is reported where it is
//     stored, a part that is its parameter at the constructor's call, with
//     that call's argument, and so on out (checkFramed); a constructor of
//     another package by what it stores, in terms of its parameters
//     (FuncFact.Fields), at the call;
//   - the caller's own parameter: the requirement moves up, in the same
//     form;
//   - an interface value holding one of these: that object;
//   - anything else (a field, a global, a map element, more than
//     maxObjectHops constructors deep), or when the function may be
//     called where the engine does not follow the call (among several
//     implementations, as a func value or method value): the field's
//     cell, every store checked, as before.
// Stores into the field through other pointers than a new object (a
// setter's rc.path = p) may be into any object: a requirement on a
// parameter's field keeps them checked (a cell requirement with Aliased,
// which skips only the stores into new objects). A result that reads a
// parameter's field (a getter) is the field of the caller's parameter
// where the argument is one, else the field's cell (throughObject).

// fieldSlot names the field of the object a parameter points to, or,
// with through, the field cell of the object held in field through of
// that object.
type fieldSlot struct {
	idx     int
	cell    string
	through string
}

// ctorSlot names a field of the object a function returns.
type ctorSlot struct {
	fn   *ssa.Function
	idx  int
	cell string
}

// evaluator is the state of evaluating values: the function summaries
// being computed, and the memo and cycle bookkeeping of one round.
type evaluator struct {
	results   map[*ssa.Function][]Origins
	memo      map[ssa.Value]Origins
	active    map[ssa.Value]*activeEval
	lowlink   int
	steps     int
	resolving map[string]bool      // cells whose stores are being evaluated
	into      string               // the cell the call being computed is stored into in place (computeInto, eval.go)
	ctorMemo  map[ctorSlot]Origins // what constructors store into the objects they return (ctors.go)
}

// activeEval is a value being evaluated: a cycle back to it (through a phi)
// returns its provisional value, and it is re-evaluated until stable.
type activeEval struct {
	depth       int
	hit         bool
	provisional Origins
}

// Func-valued parameters: a call through a parameter (run() in a helper
// handed the recorder's run function) calls whatever the callers pass.
// When every call of the function is in sight (it is unexported, never
// used as a value, and as a method never reachable through an interface
// of this package's making), the parameter is the union of the function
// values its call sites pass, and the call resolves to them. Otherwise it
// is a function value the analysis cannot follow, reported as such.

// callSites is the package's static calls by callee, and the functions
// whose calls are not all static calls in sight.
type callSites struct {
	calls   map[*ssa.Function][]*ssa.CallCommon
	escaped map[types.Object]bool
	// ifaceMethods are the unexported method names of the types the
	// package converts to interfaces: such a method may be called by a
	// dynamic dispatch the call sites do not show.
	ifaceMethods map[string]bool
}

// hooks are the enabled rules, by hook, in registration order: built once
// per engine from rules and Config.rulesOff.
type hooks struct {
	onPhiEdge    []hook.PhiEdgeRule
	onEdgeValue  []hook.EdgeValueRule
	onPhiJoin    []hook.PhiJoinRule
	onReturns    []hook.ReturnRule
	onBindArg    []hook.BindArgRule
	onBindSymbol []hook.BindSymbolRule
	onCheckValue []hook.CheckValueRule
	onSiteValue  []hook.SiteValueRule
	onSiteReq    []hook.SiteReqRule
	onExempt     []hook.StoreExemptRule
	onStoreReq   []hook.StoreReqRule
	onObjStore   []hook.ObjectStoreRule
	onCallExempt []hook.CallExemptRule
	onJoin       []hook.JoinRule
	onJoinBase   []hook.JoinBaseRule
	onFieldRead  []hook.FieldReadRule
	onConcat     []hook.ConcatRule
	onReplace    []hook.ReplaceRule
	onMaps       []hook.MapRule
	onIndex      []hook.IndexRule
	onOwnStore   []hook.OwnStoreRule
	onDispatch   []hook.DispatchRule
}

// index is what the engine knows of a package before it evaluates
// anything: its configuration (authorities, sinks), its functions and
// closures, the stores into fields and package variables, the facts of
// its dependencies and the call graph's components. It is built once per
// package (buildIndex) and only read afterwards; queries most packages
// never ask are answered lazily, in answers.
type index struct {
	pass        *analysis.Pass
	cfg         *Config
	pkg         *ssa.Package
	std         bool                // a standard library package: modelled by the tables, exports no requirements
	authorities map[string]string   // key -> root kind
	sinks       map[string]sinkSpec // key -> sink
	writeFlags  int64               // the os.O_* bits that make an open write, as the program's os defines them
	funcs       []*ssa.Function
	byKey       map[string]*ssa.Function
	closures    map[*ssa.Function][]*ssa.MakeClosure
	cellFuncs   map[string]Origins          // func values stored into cells, by cell key
	storeSites  map[string][]hook.StoreSite // the stores into each cell, by cell key
	imported    map[types.Object]*FuncFact
	up          *upstream   // the merged package facts of dependencies
	comps       []component // the call graph's components, callee-first
	// valueFuncs are the declared functions and methods used as values
	// (a handler passed on, rc.Touch bound): their callers are not all
	// calls the engine sees, so the objects their parameters point to
	// are any objects (ctors.go).
	valueFuncs map[string]*types.Func
	// flagCallbacks are the functions passed to flag.Func and the like:
	// their first parameter is the user's value for the flag.
	flagCallbacks map[*ssa.Function]bool
	// walkRoots are the roots each function passed to filepath.Walk
	// (or WalkDir) is walked from: its first parameter is one of them or
	// a path below it.
	walkRoots map[*ssa.Function][]ssa.Value
	// allow are the allowances that cover the package's functions
	// (allowances.go).
	allow *allowances
	// factErr is the first imported fact that did not decode (loaded):
	// the run fails with it rather than read the fact as empty.
	factErr error
	answers
}

// answers holds the answers to queries over the frozen index that are
// computed on first use, because most packages never ask them (the
// named types in sight for a dispatch, whether a function wraps IsAbs).
// Each is a function of the index alone, so filling it in any order
// gives the same answers; nothing in it is read as a fact about the
// package that the index does not already determine.
type answers struct {
	foreign      map[string]*FuncFact           // imported facts by key, for func values
	closureFacts map[string]*FuncFact           // the summaries of other packages' function literals
	funcObjs     map[string]types.Object        // other packages' functions met as values, by key
	inSight      []*types.Package               // the packages whose types interface dispatch considers (methodindex.go)
	byMethod     map[string][]*types.TypeName   // implementers by method name, once asked (methodindex.go)
	keys         map[*ssa.Function]string       // funcKey of the functions asked about (keyOf)
	fullNames    map[*types.Func]string         // FullName of the functions and methods asked about (fullName)
	impls        map[hook.DispatchSite][]callee // the implementations of each interface method called
	absWrappers  map[*ssa.Function]bool         // whether each function asked about is a wrapper of IsAbs (abswrap.go)
	calls        *callSites                     // the static call sites, for func-valued parameters (funcparams.go)
	// mapSets are the values the package stores at constant keys of
	// maps, by map type and key (rules/envmap.go).
	mapSets map[string][]ssa.Value
}

// What the engine knows about library functions lives in package
// knowledge, which every analyzer reads; this file adapts it.

// sinkSpec describes a write sink: the table's entry plus the path
// indices the configuration adds.
type sinkSpec struct {
	paths       []int // indices, in the SSA argument list (receiver first), of written paths
	flag        int   // index of an os.OpenFile-style flag argument, or -1
	emptyIsTemp bool  // an empty directory argument means os.TempDir
	extra       []int // configured path indices (-sinks): Go parameters, receiver not counted
}

// component is a strongly connected component of the package's call
// graph: functions that call each other (recursion), or one function.
type component struct {
	funcs     []*ssa.Function
	recursive bool // more than one function, or one that calls itself
}

// throughCell reports whether a requirement reaches its write through a
// field or package variable shared by every object: not a store into one
// object the analysis follows (Hop.Object), which is as precise as a
// parameter.
func throughCell(r Req) bool {
	return slices.ContainsFunc(r.Via, func(hop Hop) bool {
		return !hop.Object && (strings.HasPrefix(hop.Name, "field ") || strings.HasPrefix(hop.Name, "variable "))
	})
}

// isVariable reports whether cell key names a package variable, not a
// field ("pkg/path.V", not "pkg/path.T.F").
func isVariable(key string) bool { return strings.Count(lattice.ShortName(key), ".") == 1 }

// cellName renders a cell key for messages: "field config.Config.LogDir"
// or "variable app.logPath".
func cellName(key string) string {
	if !isVariable(key) {
		return "field " + lattice.ShortName(key)
	}
	return "variable " + lattice.ShortName(key)
}

// callSite is a call in this package to a resolved target.
type callSite struct {
	instr ssa.CallInstruction
	fn    *ssa.Function
	t     callee
}

// requirements is what the engine derives from the writes: requirements
// on parameters and cells, the stores into cells, the writes each function
// reaches, and the findings.
type requirements struct {
	funcReqs map[string]map[int]Req
	// fieldReqs are the requirements on fields of the objects parameters
	// point to, by function key (ctors.go).
	fieldReqs map[string]map[fieldSlot]Req
	held      map[string][]*ssa.Store // heldStores
	cellReqs  map[string]Req
	stores    map[string]Origins
	res       *Result
	reach     map[*ssa.Function][]Reach
	seen      map[string]bool // findings already reported
	// sinkValues resolves sinks passed as func values (sinkvalue.go).
	sinkValues *sinkValues
}

// pending is a requirement to propagate: on a function parameter (key,
// idx) or on a cell (key, idx < 0).
type pending struct {
	key string
	idx int
	req Req
	pos token.Pos // where the requirement arose in this package, if it did
	// cell, with idx >= 0, says the requirement is on that field of the
	// object the parameter points to (ctors.go); through, that it is on
	// that field of the object held in field through of that object.
	cell    string
	through string
}

// extend records one more hop between a value and the write it reaches.
func extend(r Req, hop Hop) Req {
	r.Via = append([]Hop{hop}, r.Via...)
	return r
}

// sortedKeys returns m's keys in order: maps iterate in no particular
// order, and facts and messages must not depend on it.
func sortedKeys[K cmp.Ordered, V any](m map[K]V) []K {
	return slices.Sorted(maps.Keys(m))
}

// funcArgSite is a call binding a func-typed parameter of its target to
// a function of this package, whose requirements arrive later.
type funcArgSite struct {
	cs callSite
	pc ParamCall
}

// sinkValues resolves sinks passed as func values: the ParamCalls of the
// package's functions, computed on first use, and the calls that bind a
// func-typed parameter, whose requirements arrive later.
type sinkValues struct {
	e     *engine
	calls map[*ssa.Function][]ParamCall // this package's functions' ParamCalls (paramCalls)
	sites map[string][]funcArgSite      // by the key of the function bound
}
