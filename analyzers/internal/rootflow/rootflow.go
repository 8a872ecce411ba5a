package rootflow

import (
	"fmt"
	"go/types"
	"reflect"

	"github.com/staterootlint/staterootlint/analyzers/internal/knowledge"
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
	e.pkg, e.funcs = buildSSA(pass, e.cfg.Tests)
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
