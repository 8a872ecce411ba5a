package rootflow

import (
	"fmt"
	"go/token"
	"go/types"
	"reflect"
	"sync"

	"github.com/staterootlint/staterootlint/analyzers/internal/knowledge"
	"github.com/staterootlint/staterootlint/analyzers/internal/lattice"
	"github.com/staterootlint/staterootlint/analyzers/internal/report"
	"github.com/staterootlint/staterootlint/analyzers/internal/rootflow/hook"
	"github.com/staterootlint/staterootlint/analyzers/internal/rootflow/rules"
	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"
)

const doc = `rootflow: compute which paths derive from a state root

rootflow is the dataflow engine behind shadowwrite, unproven, cwdwrite,
blastradius, inventory, adhocroot and rootenv. Over SSA it decides, for
every value that reaches a filesystem write, whether it derives from a
state root (an authority function, a configured authority or
root-override variable), is a temp, cache or user-chosen path, or comes
from elsewhere, and exports summaries as facts so the analysis is
interprocedural across packages.`

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
		Requires:   []*analysis.Analyzer{FactsOnly},
		Run: func(pass *analysis.Pass) (res any, err error) {
			defer report.Recover(pass, nil, &err)
			return run(pass, c)
		},
	}
	c.register(&a.Flags)
	return a
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
	// stores into it; stored adds what its dependencies store.
	Stores map[string]Origins
	up     *upstream
	// Bases maps each path the package builds on the home or config
	// directory or an environment variable (with filepath.Join and the
	// like, at its opening parenthesis; with +, at the operator) to the
	// origins of what it is built on: adhocroot's input.
	Bases map[token.Pos]Origins
	// DotPaths maps each path the package builds with a join onto a
	// literal relative to the working directory whose first element is
	// a dot-name ("./.apprc", ".app/x") to the built path's origins:
	// init's view of a resolver that also looks in the project
	// (bases.go). adhocroot does not read it.
	DotPaths map[token.Pos]Origins
	// EnvCalls maps each function the package calls that reads the
	// environment variable an argument names (os.Getenv, an env helper of
	// this package or another) to those arguments' indices, the receiver
	// not counted: rootenv's input (envhelpers.go).
	EnvCalls map[*types.Func][]int
	// Config is the configuration the engine ran with.
	Config *Config
	// Authorities are the program's own authorities (authorities.go),
	// named in the findings' advice; set when there are findings.
	Authorities []AuthorityRef

	// cells memoizes Concrete's resolution of each cell, by key and
	// depth: the analyzers that read the result ask for the same cells
	// many times, possibly at once.
	cellsMu sync.Mutex
	cells   map[cellDepth]Origins
}

// cellDepth names a cell resolved with depth levels of stores left.
type cellDepth struct {
	key   string
	depth int
}

// Concrete replaces the Cell origins of v by what is stored into the cells,
// so a path kept in a struct field shows its root kind and pattern.
func (r *Result) Concrete(v Origins) Origins {
	return r.concrete(v, maxResolve)
}

// ConcreteReach is Concrete of the reached write w's path, with what the
// allowances that cover the write declare (Reach.Allowed) rewritten as
// declared, as the lint takes them.
func (r *Result) ConcreteReach(w Reach) Origins {
	v := r.Concrete(w.Path)
	if len(w.Allowed) > 0 {
		v = declare(allowedPatterns(w.Allowed), v)
	}
	return v
}

func (r *Result) concrete(v Origins, depth int) Origins {
	return v.Map(func(a Origin) Origins {
		if a.Kind != Cell || depth == 0 {
			return Origins{a}
		}
		a.SetText(lattice.Of, "") // the field of whichever object (ctors.go)
		a.SetNum(lattice.Obj, 0)
		a.SetText(lattice.Through, "")
		stored, ok := r.concreteCell(a.Key, depth)
		if !ok {
			return Origins{a}
		}
		return stored.Map(func(b Origin) Origins { return Origins{b.Extend(a.Path, a.Raw, b.At)} })
	})
}

// stored returns what this package and its dependencies store into cell
// key; ok is false when none does.
func (r *Result) stored(key string) (Origins, bool) {
	var upstream Origins
	var upOK bool
	if r.up != nil {
		upstream, upOK = r.up.store(key)
	}
	own, ownOK := r.Stores[key]
	if !upOK && !ownOK {
		return nil, false
	}
	return lattice.Union(upstream, own), true
}

// concreteCell is what cell key holds, its own cells resolved with depth-1
// levels left; ok false when nothing is stored into it.
func (r *Result) concreteCell(key string, depth int) (Origins, bool) {
	stored, ok := r.stored(key)
	if !ok {
		return nil, false
	}
	k := cellDepth{key, depth}
	r.cellsMu.Lock()
	v, done := r.cells[k]
	r.cellsMu.Unlock()
	if done {
		return v, true
	}
	v = r.concrete(stored, depth-1)
	r.cellsMu.Lock()
	if r.cells == nil {
		r.cells = map[cellDepth]Origins{}
	}
	r.cells[k] = v
	r.cellsMu.Unlock()
	return v, true
}

// Write is one filesystem write site.
type Write struct {
	Pos  token.Pos
	Op   string  // "os.WriteFile", or a configured sink
	Func string  // the key of the function containing it
	Path Origins // origins of the written path
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
	Origin Origin // the offending origin
	Reach  Req    // AtCall, AtStore: the write it reaches
}

// engine is the per-package state of one run, in three parts with one
// role each: the index of the package (index.go), the evaluator of values
// and summaries (eval.go, summaries.go), and the requirements and findings
// it derives (propagate.go).
type engine struct {
	index
	evaluator
	requirements
	hooks hooks        // the idiom rules, by hook (hooks.go)
	rules hook.Context // the engine as the rules see it (surface.go)

	methodValues map[*types.Func]bool  // the unexported methods whose value the package takes (importable)
	envHelpers   map[*types.Func][]int // the package's env helpers (envhelpers.go)
}

func run(pass *analysis.Pass, cfg *Config) (*Result, error) {
	e := &engine{
		hooks: newHooks(append(rules.All[:len(rules.All):len(rules.All)], cfg.rulesExtra...), cfg.rulesOff),
		index: index{
			pass:       pass,
			cfg:        cfg,
			std:        knowledge.InGOROOT(pass),
			byKey:      map[string]*ssa.Function{},
			closures:   map[*ssa.Function][]*ssa.MakeClosure{},
			cellFuncs:  map[string]Origins{},
			storeSites: map[string][]hook.StoreSite{},
			imported:   map[types.Object]*FuncFact{},

			flagCallbacks: map[*ssa.Function]bool{},
			valueFuncs:    map[string]*types.Func{},
			answers: answers{
				impls:    map[hook.DispatchSite][]callee{},
				funcObjs: map[string]types.Object{},
			},
		},
		evaluator: evaluator{
			results:   map[*ssa.Function][]Origins{},
			resolving: map[string]bool{},
		},
		requirements: requirements{
			funcReqs:  map[string]map[int]Req{},
			fieldReqs: map[string]map[fieldSlot]Req{},
			held:      map[string][]*ssa.Store{},
			cellReqs:  map[string]Req{},
			stores:    map[string]Origins{},
			res:       &Result{Config: cfg},
			seen:      map[string]bool{},
			reach:     map[*ssa.Function][]Reach{},
		},
	}
	e.rules = ruleView{e}
	e.sinkValues = &sinkValues{e: e, sites: map[string][]funcArgSite{}}
	if e.std && !cfg.AnalyzeStd {
		// The standard library is modelled by the tables: nothing to
		// compute, and nothing to pay for when it is only a dependency.
		e.res.Reaches, e.res.Stores = map[string][]Reach{}, map[string]Origins{}
		return e.res, nil
	}
	if err := e.configure(); err != nil {
		return nil, err
	}
	e.pkg, e.funcs = buildSSA(pass)
	e.buildIndex()
	allow, err := e.findAllowances()
	if err != nil {
		return nil, err
	}
	e.allow = allow
	// On a package analyzed for its facts only (FactsOnly), what only
	// the package's own analyzers read is left out: their results are
	// nobody's input there.
	only := factsOnly(pass)
	e.envHelpers, e.res.EnvCalls = e.findEnvHelpers(!only)
	e.up = e.mergeUpstream()
	e.comps = e.computeComponents()
	e.summarize()
	e.resetMemo()
	if !only {
		e.bases()
	}
	e.propagate()
	e.reachAll()
	e.export()
	if len(e.res.Findings) > 0 && !only {
		e.res.Authorities = e.programAuthorities()
	}
	if e.factErr != nil {
		return nil, fmt.Errorf("%w (the facts of a dependency are damaged: clear the cache that holds them, go clean -cache under go vet, and run again)", e.factErr)
	}
	return e.res, nil
}
