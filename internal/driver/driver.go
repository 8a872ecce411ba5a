package driver

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"go/build"
	"go/types"
	"io"
	"path/filepath"
	"reflect"
	"slices"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/checker"
	"golang.org/x/tools/go/packages"
	"golang.org/x/tools/go/types/objectpath"

	"github.com/staterootlint/staterootlint/internal/config"
	"github.com/staterootlint/staterootlint/internal/flagname"
)

// progname names the tool in progress lines and in cache keys.
const progname = "staterootlint"

// Options says what one run analyzes and how.
type Options struct {
	// Dir is where the go command runs and patterns are matched ("": the
	// process's working directory).
	Dir        string
	Patterns   []string // package patterns, as go list takes them
	BuildFlags []string // for the go command, such as -tags=...

	// Analyzers report findings; their requirements run too.
	Analyzers []*analysis.Analyzer
	// Config is applied to the analyzers' flags before the run (nil: the
	// defaults). ExplicitConfig says it is the file the user named, not
	// the one found from Dir: then a package configured by another file
	// is not an error (see config.InEffect).
	Config         *config.Config
	ExplicitConfig bool
	// Chains makes the analyzers that can attach a finding's chain
	// (Finding.Chain) do so.
	Chains bool

	// Collect receives the results of the analyzers it names, one per
	// root package (by package ID) whose result is not nil: what an
	// analyzer that gathers rather than reports returns, such as an
	// inventory. Run calls the functions from its own goroutine after
	// the analysis, in the order of the packages. The analyzers must be
	// among Analyzers and their results encodable by encoding/gob (the
	// cache keeps them).
	Collect map[*analysis.Analyzer]func(pkg string, result any)
	// Facts asks for the root packages' own facts in Result.Facts.
	Facts bool
	// DepFacts, with Facts, adds the facts of every analyzed dependency
	// outside the standard library: what a caller that looks for a
	// program's resolvers in its dependencies too (init) reads.
	DepFacts bool

	// CacheDir holds the persistent cache ("": none); DefaultCacheDir is
	// the usual one.
	CacheDir string
	// Progress shows how far the run is, on one line rewritten in place,
	// when it is a terminal (nil: never).
	Progress io.Writer
	// Graph runs the go/packages driver, which keeps every package's
	// analysis in memory, instead of the unit driver, and returns it in
	// Result.Graph: for callers that read analyzers' results across
	// packages.
	Graph bool
}

// Result is what a run found.
type Result struct {
	Findings []Finding      // of the root packages, sorted by position, without duplicates
	Facts    []PackageFacts // with Options.Facts: by package ID
	// Graph is the go/packages driver's analysis, when that driver ran
	// (Options.Graph, or the unit driver handed the run to it).
	Graph *checker.Graph
	Stats Stats
}

// PackageFacts are the facts the analyzers exported about one package
// and its objects.
type PackageFacts struct {
	Package string // the package's ID
	Path    string // its import path
	Dir     string // its directory
	Module  string // its module's path ("" outside a module)
	Main    bool   // it is in the main module
	Root    bool   // it was matched by the patterns (not only a dependency)
	Facts   []Fact // sorted by object, then fact type
}

// Fact is one exported fact: Object is the objectpath of the object it is
// about, "" for a fact about the package.
type Fact struct {
	Object string
	Fact   analysis.Fact
}

// Stats says how a run went, for tests and curious callers.
type Stats struct {
	Units    bool // the unit driver ran to the end (it did not hand the run to the go/packages driver)
	Warm     bool // answered from the cache by source keys, nothing built (warm.go)
	Memoized bool // a warm run whose package graph came from the listing memo, without the go command (listmemo.go)
	Analyzed int  // packages analyzed
	Cached   int  // packages whose results came from the cache
}

// errFallBack makes the unit driver hand the run to the go/packages driver.
var errFallBack = errors.New("fall back to the go/packages driver")

// Run applies the configuration, loads the packages, checks the
// configured names against them and runs the analyzers.
//
// The unit driver (unit.go) runs it; when the go command reports errors
// or a package does not type-check, the go/packages driver runs instead
// and reports them. Errors are *ConfigError, *LoadError, *AnalysisError,
// *InternalError, or the context's.
func Run(ctx context.Context, opts Options) (res *Result, err error) {
	defer func() {
		if r := recover(); r != nil {
			res, err = nil, fault("", r)
		}
	}()
	if opts.Config == nil {
		opts.Config = &config.Config{}
	}
	if len(opts.Patterns) == 0 {
		opts.Patterns = []string{"./..."}
	}
	if _, err := opts.Config.Apply(opts.Analyzers); err != nil {
		return nil, &ConfigError{Err: err}
	}
	if opts.Chains {
		enableChains(opts.Analyzers)
	}
	if !opts.Graph {
		res, err := runUnits(ctx, &opts)
		if !errors.Is(err, errFallBack) {
			return res, err
		}
	}
	graph, err := runGraph(ctx, &opts)
	if err != nil {
		return nil, err
	}
	res = &Result{Findings: collect(graph), Graph: graph}
	for _, act := range graph.Roots {
		if sink := opts.Collect[origin(opts.Analyzers, act.Analyzer)]; sink != nil && act.Err == nil && !isNil(act.Result) {
			sink(act.Package.ID, act.Result)
		}
	}
	if opts.Facts {
		res.Facts = graphFacts(graph, opts.DepFacts)
	}
	return res, nil
}

// origin returns the analyzer of roots that the guarded copy a stands for.
func origin(roots []*analysis.Analyzer, a *analysis.Analyzer) *analysis.Analyzer {
	for _, r := range roots {
		if r.Name == a.Name {
			return r
		}
	}
	return nil
}

// isNil reports whether a result is nil, or a nil pointer, map or slice.
func isNil(v any) bool {
	if v == nil {
		return true
	}
	switch rv := reflect.ValueOf(v); rv.Kind() {
	case reflect.Pointer, reflect.Map, reflect.Slice, reflect.Interface:
		return rv.IsNil()
	}
	return false
}

// runGraph runs the analyzers over the packages loaded whole with their
// dependencies (go/packages, one process): the fallback that reports load
// errors as the go command words them. The configuration is applied
// already.
func runGraph(ctx context.Context, opts *Options) (*checker.Graph, error) {
	pkgs, err := Load(ctx, *opts)
	if err != nil {
		return nil, err
	}
	if err := checkConfigFiles(opts, pkgs); err != nil {
		return nil, &ConfigError{Err: err}
	}
	if err := opts.Config.Resolve(withOutside(ctx, opts, PackageLookup(pkgs))); err != nil {
		return nil, &ConfigError{Err: err}
	}
	if slices.ContainsFunc(pkgs, inGOROOT) {
		if err := analyzeStd(opts.Analyzers); err != nil {
			return nil, err
		}
	}
	graph, _, err := Analyze(opts.Analyzers, pkgs)
	return graph, err
}

// Analyze runs the analyzers, as their flags are now, over packages
// Load loaded, and returns the analysis and the roots' findings. A tool
// that measures what a change of flags does (init) loads once and
// analyzes several times.
func Analyze(analyzers []*analysis.Analyzer, pkgs []*packages.Package) (*checker.Graph, []Finding, error) {
	graph, err := checker.Analyze(Guard(analyzers), pkgs, nil)
	if err != nil {
		return nil, nil, err
	}
	if errs := analysisErrors(graph); len(errs) > 0 {
		return nil, nil, &AnalysisError{errs}
	}
	return graph, collect(graph), nil
}

// analyzeStd is for a run asked to analyze the standard library itself:
// the engine must not model it by its tables as it does for dependencies.
func analyzeStd(roots []*analysis.Analyzer) error {
	for _, a := range config.Closure(roots) {
		if f := a.Flags.Lookup(analyzeStdFlag); f != nil {
			if err := f.Value.Set("true"); err != nil {
				return fmt.Errorf("set -%s.%s: %v", a.Name, analyzeStdFlag, err)
			}
		}
	}
	return nil
}

// checkConfigFiles applies the rule of which configuration file counts
// (config.InEffect) to the packages analyzed: a configuration file
// between a package's directory and its module root is an error, and so
// is running with a file other than the one go vet would read for those
// packages, unless it was named explicitly.
func checkConfigFiles(opts *Options, pkgs []*packages.Package) error {
	var dirs []string
	for _, p := range pkgs {
		if isTestMain(p) {
			continue // generated by the go command, in its build cache
		}
		if len(p.GoFiles) > 0 && !inGOROOT(p) {
			dirs = append(dirs, filepath.Dir(p.GoFiles[0]))
		}
	}
	slices.Sort(dirs)
	dirs = slices.Compact(dirs)
	var errs config.Errors
	seen := map[string]bool{}
	for _, dir := range dirs {
		effect, err := config.InEffect(dir)
		if err != nil {
			return err
		}
		strays, err := config.Strays(dir)
		if err != nil {
			return err
		}
		for _, s := range strays {
			if !seen[s] {
				seen[s] = true
				errs = append(errs, config.StrayError(s, effect))
			}
		}
		if opts.ExplicitConfig || effect == opts.Config.Source || seen["effect:"+effect] || len(strays) > 0 {
			continue
		}
		seen["effect:"+effect] = true
		found, vet := opts.Config.Source, effect
		if found == "" {
			found = "no " + config.FileName
		}
		if vet == "" {
			vet = "none"
		}
		root, _ := config.ModuleRoot(dir)
		errs = append(errs, &config.Error{
			Pos: config.Pos{File: opts.Dir},
			Msg: fmt.Sprintf("the working directory finds %s, but the packages of the module %s are configured by the file found from its root (%s), as go vet reads them; run from %s, or name the file with --config",
				found, root, vet, root),
		})
	}
	if len(errs) > 0 {
		return errs
	}
	return nil
}

// isTestMain reports whether pkg is the test main package the go command
// generates for a package's tests ("p.test"), whose file lies in the build
// cache: no configuration file applies to it.
func isTestMain(pkg *packages.Package) bool {
	return pkg.Name == "main" && strings.HasSuffix(pkg.ID, ".test") && pkg.PkgPath == pkg.ID
}

// analyzeStdFlag is the engine's flag (rootflow.FlagAnalyzeStd) that makes
// it analyze standard library packages instead of modelling them.
const analyzeStdFlag = flagname.AnalyzeStd

// inGOROOT reports whether pkg is part of the standard library.
func inGOROOT(pkg *packages.Package) bool {
	goroot := filepath.Clean(build.Default.GOROOT) + string(filepath.Separator)
	return len(pkg.GoFiles) > 0 && strings.HasPrefix(pkg.GoFiles[0], goroot)
}

// Load loads the packages of opts.Patterns in opts.Dir with go/packages,
// with syntax and types, and their dependencies' too when an analyzer
// has facts. Errors in the packages are a *LoadError that lists them as
// the go command words them.
func Load(ctx context.Context, opts Options) ([]*packages.Package, error) {
	mode := packages.LoadSyntax | packages.NeedModule
	for _, a := range config.Closure(opts.Analyzers) {
		if len(a.FactTypes) > 0 {
			// Facts flow from dependencies, so they are analyzed too.
			mode = packages.LoadAllSyntax | packages.NeedModule
			break
		}
	}
	tests := false
	if opts.Config != nil {
		tests = opts.Config.TestsEnabled()
	}
	patterns := opts.Patterns
	if len(patterns) == 0 {
		patterns = []string{"./..."}
	}
	pkgs, err := packages.Load(&packages.Config{
		Context:    ctx,
		Mode:       mode,
		Dir:        opts.Dir,
		Tests:      tests,
		BuildFlags: opts.BuildFlags,
	}, patterns...)
	if err != nil {
		return nil, &LoadError{Err: err, Patterns: patterns, Dir: opts.Dir}
	}
	// A package and its test variants share files, hence errors: keep each once.
	var problems []Problem
	seen := map[Problem]bool{}
	packages.Visit(pkgs, nil, func(p *packages.Package) {
		for _, e := range p.Errors {
			// Errors the go command reports without a position (a bad
			// pattern, a missing module) come with Pos "-".
			pr := Problem{Pos: e.Pos, Msg: e.Msg}
			if pr.Pos == "-" {
				pr.Pos = ""
			}
			if !seen[pr] {
				seen[pr] = true
				problems = append(problems, pr)
			}
		}
	})
	if len(problems) > 0 {
		return nil, &LoadError{Problems: problems, Patterns: patterns, Dir: opts.Dir}
	}
	if len(pkgs) == 0 {
		return nil, &LoadError{Patterns: patterns, Dir: opts.Dir}
	}
	return pkgs, nil
}

// PackageLookup indexes the loaded packages and all their dependencies by
// path, for config.Resolve.
func PackageLookup(pkgs []*packages.Package) func(string) *types.Package {
	byPath := map[string]*types.Package{}
	packages.Visit(pkgs, nil, func(p *packages.Package) {
		if p.Types != nil {
			byPath[p.PkgPath] = p.Types
		}
	})
	return func(path string) *types.Package { return byPath[path] }
}

// analysisErrors returns the errors of failed actions, each naming its
// analyzer and package. Failures that only propagate a prerequisite's
// failure are left out: the prerequisite is reported itself.
func analysisErrors(g *checker.Graph) []string {
	var errs []string
	for act := range g.All() {
		if act.Err == nil || strings.HasPrefix(act.Err.Error(), "failed prerequisites") {
			continue
		}
		errs = append(errs, fmt.Sprintf("analyzer %s failed on package %s: %v", act.Analyzer.Name, act.Package.PkgPath, act.Err))
	}
	slices.Sort(errs)
	return slices.Compact(errs)
}

// collect gathers the root actions' diagnostics, deduplicated (a package
// and its test variant report the same line twice) and sorted.
func collect(g *checker.Graph) []Finding {
	var out []Finding
	for _, act := range g.Roots {
		for _, d := range act.Diagnostics {
			out = append(out, newFinding(act.Analyzer.Name, act.Package.PkgPath, act.Package.Fset, act.Package.Syntax, d))
		}
	}
	uniqueFindings(&out)
	return out
}

// graphFacts returns the facts of the root packages of g about
// themselves, and with deps those of the dependencies outside the
// standard library too.
func graphFacts(g *checker.Graph, deps bool) []PackageFacts {
	roots := map[*packages.Package]bool{}
	for _, act := range g.Roots {
		roots[act.Package] = true
	}
	byID := map[string][]Fact{}
	meta := map[string]PackageFacts{}
	seen := map[string]bool{}
	for act := range g.All() {
		p := act.Package
		if !roots[p] && (!deps || inGOROOT(p)) || act.Err != nil {
			continue
		}
		if _, ok := meta[p.ID]; !ok {
			m := PackageFacts{Package: p.ID, Path: p.PkgPath, Root: roots[p]}
			if len(p.GoFiles) > 0 {
				m.Dir = filepath.Dir(p.GoFiles[0])
			}
			if p.Module != nil {
				m.Module, m.Main = p.Module.Path, p.Module.Main
			}
			meta[p.ID] = m
		}
		var enc objectpath.Encoder
		for _, of := range act.AllObjectFacts() {
			if of.Object.Pkg() != p.Types {
				continue
			}
			path, err := enc.For(of.Object)
			if err != nil {
				continue // not reachable from the package's API, as the unit driver drops it
			}
			key := fmt.Sprintf("%s\x00%s\x00%T", p.ID, path, of.Fact)
			if !seen[key] {
				seen[key] = true
				byID[p.ID] = append(byID[p.ID], Fact{Object: string(path), Fact: of.Fact})
			}
		}
		for _, pf := range act.AllPackageFacts() {
			key := fmt.Sprintf("%s\x00\x00%T", p.ID, pf.Fact)
			if pf.Package == p.Types && !seen[key] {
				seen[key] = true
				byID[p.ID] = append(byID[p.ID], Fact{Fact: pf.Fact})
			}
		}
	}
	return sortedFacts(byID, meta)
}

// sortedFacts orders facts by package ID, then object and fact type;
// meta holds each package's description.
func sortedFacts(byID map[string][]Fact, meta map[string]PackageFacts) []PackageFacts {
	var out []PackageFacts
	for id, facts := range byID {
		slices.SortFunc(facts, compareFacts)
		pf := meta[id]
		pf.Package, pf.Facts = id, facts
		out = append(out, pf)
	}
	slices.SortFunc(out, func(a, b PackageFacts) int { return cmp.Compare(a.Package, b.Package) })
	return out
}

func compareFacts(a, b Fact) int {
	return cmp.Or(cmp.Compare(a.Object, b.Object), cmp.Compare(reflect.TypeOf(a.Fact).String(), reflect.TypeOf(b.Fact).String()))
}

// Guard returns copies of roots and their requirements whose Run recovers
// a panic into an error naming the analyzer, the package and the faulting
// line, so a bug in one analyzer is reported instead of crashing with a
// stack trace. The copies hand the original analyzers to the wrapped Run
// functions (pass.Analyzer, pass.ResultOf keys), so analyzers that look up
// their requirements' results by identity keep working; flags are shared.
func Guard(roots []*analysis.Analyzer) []*analysis.Analyzer {
	copies := map[*analysis.Analyzer]*analysis.Analyzer{}
	origin := map[*analysis.Analyzer]*analysis.Analyzer{}
	var wrap func(a *analysis.Analyzer) *analysis.Analyzer
	wrap = func(a *analysis.Analyzer) *analysis.Analyzer {
		if w, ok := copies[a]; ok {
			return w
		}
		w := &analysis.Analyzer{
			Name:             a.Name,
			Doc:              a.Doc,
			URL:              a.URL,
			ResultType:       a.ResultType,
			FactTypes:        a.FactTypes,
			RunDespiteErrors: a.RunDespiteErrors,
			Flags:            a.Flags, // shares the flag values: go vet sets them through the copy
		}
		copies[a], origin[w] = w, a
		for _, req := range a.Requires {
			w.Requires = append(w.Requires, wrap(req))
		}
		w.Run = func(pass *analysis.Pass) (result any, err error) {
			p := *pass
			p.Analyzer = a
			p.ResultOf = make(map[*analysis.Analyzer]any, len(pass.ResultOf))
			for k, v := range pass.ResultOf {
				p.ResultOf[origin[k]] = v
			}
			defer func() {
				if r := recover(); r != nil {
					err = fmt.Errorf("internal error: %v%s; please report it", r, panicSite(3))
				}
			}()
			return a.Run(&p)
		}
		return w
	}
	out := make([]*analysis.Analyzer, len(roots))
	for i, a := range roots {
		out[i] = wrap(a)
	}
	return out
}
