package driver

import (
	"bufio"
	"context"
	"encoding/gob"
	"errors"
	"fmt"
	"go/ast"
	"go/build"
	"go/parser"
	"go/token"
	"go/types"
	"os"
	"reflect"
	"runtime"
	"slices"
	"strings"
	"sync"
	"sync/atomic"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/gcexportdata"
	"golang.org/x/tools/go/packages"
	"golang.org/x/tools/go/types/objectpath"

	"github.com/staterootlint/staterootlint/internal/config"
	"github.com/staterootlint/staterootlint/internal/driver/cache"
)

// The unit driver analyzes one package at a time, in dependency order,
// the way go vet does: each package is parsed and type-checked from
// source against its dependencies' export data (built by go list
// -export), its analyzers run with the facts of its dependencies, and
// then everything but its encoded facts and its findings is dropped. So
// memory follows the largest package and the number of workers, not the
// size of the program.
//
// Its results are the go/packages driver's (checker.Analyze over
// packages.LoadAllSyntax): the same packages and test variants are roots,
// dependencies run the analyzers that have facts, a pass sees the facts
// of all its dependencies transitively. Only the standard library is
// skipped as a dependency when the engine models it (see StdModelled).
// When the go command reports errors, or a package does not type-check,
// the go/packages driver runs instead: it reports them as it always has.

// unit is one package (or test variant) of the build graph.
type unit struct {
	pkg  *listedPackage
	path string // package path
	root bool   // matched by the patterns (or a test variant of one)
	run  bool   // analyzed in this run (roots, and dependencies for their facts)
	skip bool   // a dependency whose analysis computes nothing (see StdModelled)
	// shared: neither it nor a dependency is a test variant, so it is
	// type-checked against the run's shared types (shared.go).
	shared bool

	deps       []*unit // direct imports
	dependents []*unit // units in the run that import this one
	pending    atomic.Int32

	// Results, kept until the end of the run.
	facts    *unitFacts
	factHash [32]byte // hash of its facts and its dependencies' (see cachekey.go)
	findings []Finding
	results  []result // of the collected analyzers, in the order of the roots
	export   struct { // see exportHash
		once sync.Once
		sum  [32]byte
	}
	srcKey struct { // see sourceKey; computed by one goroutine
		done bool
		sum  [32]byte
		err  error
	}
	objFacts struct {
		once sync.Once
		list []analysis.ObjectFact
	}
	errs   []string
	failed bool // failed itself or a dependency did: no facts
}

// result is the result of a collected analyzer on one unit.
type result struct {
	Analyzer string
	Value    any
}

// unitDriver is one run of the unit driver.
type unitDriver struct {
	roots   []*analysis.Analyzer // guarded copies of the requested analyzers
	forRoot []*analysis.Analyzer // closure of roots, run on root units
	forDep  []*analysis.Analyzer // the analyzers with facts and their requirements
	units   []*unit
	byID    map[string]*unit
	byPath  map[string]*unit
	sizes   types.Sizes
	collect map[string]bool // the analyzers whose results are collected, by name
	ctx     context.Context

	cache    *cache.Cache // nil: no cache
	keys     *keyInputs
	progress *progress

	// universe holds the types of the dependencies that do not share
	// (shared.go) whose object facts a pass asked for all at once
	// (AllObjectFacts), each read once from its export data: a pass reads such facts by the objects' names,
	// and a unit's own types need not reach every package with facts.
	universe struct {
		sync.Mutex
		fset    *token.FileSet
		imports map[string]*types.Package
	}

	shared sharedTypes // see shared.go

	fallback atomic.Bool
	analyzed atomic.Int32
	cached   atomic.Int32
}

// runUnits runs the analyzers of opts with the unit driver. errFallBack
// means the go/packages driver must run instead.
func runUnits(ctx context.Context, opts *Options) (*Result, error) {
	closure := config.Closure(opts.Analyzers)
	registerFacts(closure)
	collected := registerResults(opts.Collect)
	var c *cache.Cache
	if opts.CacheDir != "" {
		c = openCache(opts.CacheDir)
	}
	if c != nil {
		defer c.Close()
		if res, ok := warmRun(ctx, opts, c, collected); ok {
			return res, nil
		}
	}
	listed, err := goList(ctx, opts, true)
	if err != nil {
		if ctx.Err() != nil {
			return nil, ctx.Err()
		}
		return nil, errFallBack
	}
	d := newUnitDriver(listed)
	d.ctx = ctx
	d.cache = c

	var roots []*listedPackage
	var rootPkgs []*packages.Package
	for _, u := range d.units {
		if u.root {
			roots = append(roots, u.pkg)
			rootPkgs = append(rootPkgs, u.pkg.packagesPackage())
		}
	}
	if err := checkConfigFiles(opts, rootPkgs); err != nil {
		return nil, &ConfigError{Err: err}
	}
	if len(opts.Config.Authorities)+len(opts.Config.Sinks)+len(opts.Config.AllowWrite) > 0 {
		if err := opts.Config.Resolve(withOutside(ctx, opts, d.lookupPackage)); err != nil {
			if d.fallback.Load() {
				return nil, errFallBack
			}
			return nil, &ConfigError{Err: err}
		}
	}
	if slices.ContainsFunc(roots, (*listedPackage).inGOROOT) {
		if err := analyzeStd(opts.Analyzers); err != nil {
			return nil, err
		}
	}

	d.roots = Guard(opts.Analyzers)
	d.collect = collectedSet(opts.Collect)
	d.forRoot = config.Closure(d.roots)
	for _, a := range d.forRoot {
		if len(a.FactTypes) > 0 {
			d.forDep = append(d.forDep, a)
		}
	}
	d.forDep = config.Closure(d.forDep)
	modelled := StdModelled(closure)
	for _, u := range d.units {
		u.skip = !u.root && modelled && u.pkg.inGOROOT()
	}
	d.mark()

	if d.cache != nil {
		d.keys = newKeyInputs(closure, opts.Analyzers, d.forDep, collected, d.cache.Memo)
	}
	d.progress = newProgress(opts.Progress)
	d.schedule()
	d.progress.end()
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	if d.fallback.Load() {
		return nil, errFallBack
	}

	res, errs := d.result(opts)
	if len(errs) > 0 {
		return nil, &AnalysisError{errs}
	}
	res.Stats = Stats{Units: true, Analyzed: int(d.analyzed.Load()), Cached: int(d.cached.Load())}
	d.keepForWarmRuns()
	return res, nil
}

// registerResults registers the result types of the collected analyzers
// with gob, for the cache, and returns their names, sorted.
func registerResults(collect map[*analysis.Analyzer]func(string, any)) []string {
	var names []string
	for a := range collect {
		if a.ResultType != nil {
			gob.Register(reflect.Zero(a.ResultType).Interface())
		}
		names = append(names, a.Name)
	}
	slices.Sort(names)
	return names
}

// collectedSet returns the names of the collected analyzers.
func collectedSet(collect map[*analysis.Analyzer]func(string, any)) map[string]bool {
	out := map[string]bool{}
	for a := range collect {
		out[a.Name] = true
	}
	return out
}

// newUnitDriver makes a unit of each listed package and links each to
// its direct imports.
func newUnitDriver(listed []*listedPackage) *unitDriver {
	d := &unitDriver{byID: map[string]*unit{}, byPath: map[string]*unit{}, sizes: types.SizesFor("gc", build.Default.GOARCH)}
	for _, p := range listed {
		u := &unit{pkg: p, path: p.path(), root: !p.DepOnly}
		d.units = append(d.units, u)
		d.byID[p.ImportPath] = u
		if _, ok := d.byPath[u.path]; !ok || p.ForTest == "" {
			d.byPath[u.path] = u
		}
	}
	for _, u := range d.units {
		for _, id := range u.pkg.Imports {
			if dep := d.byID[id]; dep != nil {
				u.deps = append(u.deps, dep)
			}
		}
	}
	d.markShared()
	return d
}

// result collects the findings and collected results of the root units,
// and the errors of all units (sorted, without duplicates). It hands the
// results to opts.Collect in the order of the units.
func (d *unitDriver) result(opts *Options) (*Result, []string) {
	res := &Result{}
	var errs []string
	byName := map[string]*analysis.Analyzer{}
	for a := range opts.Collect {
		byName[a.Name] = a
	}
	facts := map[string][]Fact{}
	meta := map[string]PackageFacts{}
	for _, u := range d.units {
		errs = append(errs, u.errs...)
		if !u.root && (!opts.DepFacts || !u.run || u.skip || u.pkg.inGOROOT()) {
			continue
		}
		if u.root {
			res.Findings = append(res.Findings, u.findings...)
		}
		if opts.Facts && u.facts != nil {
			m := PackageFacts{Path: u.path, Dir: u.pkg.Dir, Root: u.root}
			if mod := u.pkg.Module; mod != nil {
				m.Module, m.Main = mod.Path, mod.Main
			}
			meta[u.pkg.ImportPath] = m
			if err := u.facts.decode(); err != nil {
				errs = append(errs, fmt.Sprintf("package %s: %v", u.pkg.ImportPath, err))
			}
			for _, g := range u.facts.decoded {
				facts[u.pkg.ImportPath] = append(facts[u.pkg.ImportPath], Fact(g))
			}
		}
	}
	slices.Sort(errs)
	if len(errs) > 0 {
		return nil, slices.Compact(errs)
	}
	for _, u := range d.units {
		if !u.root {
			continue
		}
		for _, r := range u.results {
			if a := byName[r.Analyzer]; a != nil && !isNil(r.Value) {
				opts.Collect[a](u.pkg.ImportPath, r.Value)
			}
		}
	}
	uniqueFindings(&res.Findings)
	if opts.Facts {
		res.Facts = sortedFacts(facts, meta)
	}
	return res, nil
}

// StdModelled reports whether every analyzer with facts in closure
// models the standard library by the knowledge table instead of
// analyzing it, or builds on one that does (its analyze-std flag is
// false, as the flags are now: the engine and rootenv declare one): then a standard library dependency exports no facts, and
// analyzing it would compute nothing.
func StdModelled(closure []*analysis.Analyzer) bool {
	var models func(a *analysis.Analyzer) bool
	models = func(a *analysis.Analyzer) bool {
		if f := a.Flags.Lookup(analyzeStdFlag); f != nil {
			return f.Value.String() == "false"
		}
		return slices.ContainsFunc(a.Requires, models)
	}
	for _, a := range closure {
		if len(a.FactTypes) > 0 && !models(a) {
			return false
		}
	}
	return true
}

// mark decides which units run: the roots, and, when an analyzer has
// facts, every dependency that is not skipped.
func (d *unitDriver) mark() {
	var visit func(u *unit)
	visit = func(u *unit) {
		if u.run || u.skip {
			return
		}
		u.run = true
		if len(d.forDep) == 0 {
			return
		}
		for _, dep := range u.deps {
			visit(dep)
		}
	}
	for _, u := range d.units {
		if u.root {
			visit(u)
		}
	}
	for _, u := range d.units {
		if !u.run {
			continue
		}
		for _, dep := range u.deps {
			if dep.run {
				u.pending.Add(1)
				dep.dependents = append(dep.dependents, u)
			}
		}
	}
}

// schedule runs the marked units, each once all its dependencies are
// done, on GOMAXPROCS workers.
func (d *unitDriver) schedule() {
	var todo []*unit
	for _, u := range d.units {
		if u.run {
			todo = append(todo, u)
		}
	}
	d.progress.begin(len(todo))
	ready := make(chan *unit, len(todo))
	for _, u := range todo {
		if u.pending.Load() == 0 {
			ready <- u
		}
	}
	var left atomic.Int32
	left.Store(int32(len(todo)))
	if len(todo) == 0 {
		return
	}
	var wg sync.WaitGroup
	for range runtime.GOMAXPROCS(0) {
		wg.Go(func() {
			for u := range ready {
				d.do(u)
				for _, dep := range u.dependents {
					if dep.pending.Add(-1) == 0 {
						ready <- dep
					}
				}
				if left.Add(-1) == 0 {
					close(ready)
				}
			}
		})
	}
	wg.Wait()
}

// do runs one unit: from the cache, or by analyzing it. A fault of the
// driver's own (the analyzers' are recovered by Guard) fails the unit
// with an InternalError naming it.
func (d *unitDriver) do(u *unit) {
	defer func() {
		if r := recover(); r != nil {
			u.errs = append(u.errs, fault(u.path, r).Error())
			u.failed = true
		}
	}()
	for _, dep := range u.deps {
		if dep.failed {
			u.failed = true // its errors are reported by the dependency
			d.progress.finish()
			return
		}
	}
	if d.fallback.Load() || d.ctx.Err() != nil {
		u.failed = true
		d.progress.finish()
		return
	}
	d.progress.start(u.pkg.ImportPath)
	defer d.progress.finish()

	var key [32]byte
	if d.cache != nil {
		var err error
		if key, err = d.keys.key(u); err == nil {
			if e := new(cacheEntry); d.cache.Get(key, e) {
				e.restore(u)
				u.factHash = factHash(u)
				d.cached.Add(1)
				return
			}
		}
	}
	d.analyzed.Add(1)
	if err := d.analyze(u); err != nil {
		if errors.Is(err, errFallBack) {
			d.fallback.Store(true)
		}
		u.failed = true
		return
	}
	if d.cache != nil {
		u.factHash = factHash(u)
		if key != ([32]byte{}) && len(u.errs) == 0 {
			d.cache.Put(key, entryOf(u))
		}
	}
}

// analyze parses and type-checks the unit and runs its analyzers.
func (d *unitDriver) analyze(u *unit) error {
	fset := token.NewFileSet()
	if u.shared {
		fset = d.shared.fset
	}
	var files []*ast.File
	for _, name := range u.pkg.compiledFiles() {
		data, err := os.ReadFile(name)
		if err != nil {
			return errFallBack
		}
		f, err := parser.ParseFile(fset, name, data, parser.AllErrors|parser.ParseComments)
		if err != nil {
			return errFallBack // reported by the go/packages driver, as always
		}
		files = append(files, f)
	}
	pkg, info, _, err := d.typeCheck(u, fset, files)
	if err != nil {
		return errFallBack
	}

	deps := map[string]*unit{}
	var visit func(u *unit)
	visit = func(u *unit) {
		for _, dep := range u.deps {
			if _, ok := deps[dep.path]; !ok {
				deps[dep.path] = dep
				visit(dep)
			}
		}
	}
	visit(u)
	scope := newFactScope(pkg, deps, d.objectFacts)

	analyzers := d.forDep
	if u.root {
		analyzers = d.forRoot
	}
	module := u.pkg.Module.analysisModule()
	if module == nil {
		module = &analysis.Module{}
	}
	actions := runActions(analyzers, false, func(a *analysis.Analyzer, inputs map[*analysis.Analyzer]any, act *action) {
		if isFactsOnly(a) {
			// The one signal (factsonly.go): a dependency is analyzed
			// for its facts only.
			act.result = !u.root
			return
		}
		pass := &analysis.Pass{
			Analyzer:     a,
			Fset:         fset,
			Files:        files,
			OtherFiles:   u.pkg.otherFiles(),
			IgnoredFiles: u.pkg.abs(u.pkg.IgnoredGoFiles, u.pkg.IgnoredOtherFiles),
			Pkg:          pkg,
			TypesInfo:    info,
			TypesSizes:   d.sizes,
			ResultOf:     inputs,
			Report:       func(diag analysis.Diagnostic) { act.diags = append(act.diags, diag) },
			Module:       module,
		}
		pass.ReadFile = readFileOf(pass)
		scope.bind(pass)
		act.result, act.err = a.Run(pass)
		if act.err != nil && !strings.HasPrefix(act.err.Error(), "failed prerequisites") {
			u.errs = append(u.errs, fmt.Sprintf("analyzer %s failed on package %s: %v", a.Name, u.path, act.err))
		}
	})
	if len(u.errs) > 0 {
		u.failed = true
		return nil
	}
	if u.root {
		for _, a := range d.roots {
			act := actions[a]
			for _, diag := range act.diags {
				u.findings = append(u.findings, newFinding(a.Name, u.pkg.ImportPath, fset, files, diag))
			}
			if d.collect[a.Name] && !isNil(act.result) {
				u.results = append(u.results, result{a.Name, act.result})
			}
		}
	}
	// The content hash keys importers' cache entries: only a run with a
	// cache needs it.
	data, sum, err := scope.encode(d.cache != nil)
	if err != nil {
		u.errs = append(u.errs, err.Error())
		u.failed = true
		return nil
	}
	u.facts = &unitFacts{data: data, sum: sum}
	return nil
}

// objectFacts returns the object facts of dep with their objects, from
// the run's shared types when dep shares, else from the driver's
// universe; computed once, shared by the units that ask.
func (d *unitDriver) objectFacts(dep *unit) []analysis.ObjectFact {
	dep.objFacts.once.Do(func() {
		if dep.facts == nil || dep.facts.decode() != nil {
			return
		}
		if dep.shared {
			// Shared packages are complete and immutable once read.
			d.resolveFacts(dep, func() (*types.Package, error) { return d.sharedImport(dep) })
			return
		}
		// One lock for reading and resolving: reading a package may
		// complete packages already read.
		d.universe.Lock()
		defer d.universe.Unlock()
		d.resolveFacts(dep, func() (*types.Package, error) {
			if d.universe.imports == nil {
				d.universe.fset, d.universe.imports = token.NewFileSet(), map[string]*types.Package{}
			}
			return d.importUnit(dep, d.universe.fset, d.universe.imports)
		})
	})
	return dep.objFacts.list
}

// resolveFacts finds the objects of dep's object facts in its types,
// which read returns, once, if it has any.
func (d *unitDriver) resolveFacts(dep *unit, read func() (*types.Package, error)) {
	var pkg *types.Package
	for _, g := range dep.facts.decoded {
		if g.Object == "" {
			continue
		}
		if pkg == nil {
			p, err := read()
			if err != nil {
				return
			}
			pkg = p
		}
		obj, err := objectpath.Object(pkg, objectpath.Path(g.Object))
		if err != nil {
			continue
		}
		dep.objFacts.list = append(dep.objFacts.list, analysis.ObjectFact{Object: obj, Fact: g.Fact})
	}
}

// typeCheck type-checks the unit's files against its dependencies'
// export data, configured as go/packages configures it: the run's shared
// types when the unit shares and its files are in the shared file set,
// else read into an import map of its own.
func (d *unitDriver) typeCheck(u *unit, fset *token.FileSet, files []*ast.File) (*types.Package, *types.Info, map[string]*types.Package, error) {
	imports := map[string]*types.Package{}
	tc := &types.Config{
		Importer: importerFunc(func(path string) (*types.Package, error) {
			if path == "unsafe" {
				return types.Unsafe, nil
			}
			id := path
			if mapped, ok := u.pkg.ImportMap[path]; ok {
				id = mapped
			}
			dep := d.byID[id]
			if dep == nil {
				return nil, fmt.Errorf("no metadata for %s", path)
			}
			if u.shared && fset == d.shared.fset {
				return d.sharedImport(dep)
			}
			return d.importUnit(dep, fset, imports)
		}),
		Sizes: d.sizes,
	}
	if m := u.pkg.Module; m != nil && m.GoVersion != "" {
		tc.GoVersion = "go" + m.GoVersion
	}
	var errs []error
	tc.Error = func(err error) { errs = append(errs, err) }
	info := newTypesInfo()
	pkg := types.NewPackage(u.path, u.pkg.Name)
	_ = types.NewChecker(tc, fset, pkg, info).Files(files)
	if len(errs) > 0 {
		return nil, nil, nil, errs[0]
	}
	return pkg, info, imports, nil
}

// importUnit returns the types of dep from its export data, reading it
// into imports unless it is there already.
func (d *unitDriver) importUnit(dep *unit, fset *token.FileSet, imports map[string]*types.Package) (*types.Package, error) {
	if dep.pkg.Export == "" {
		if p := imports[dep.path]; p != nil && p.Complete() {
			return p, nil
		}
		return nil, fmt.Errorf("no export data for %s", dep.pkg.ImportPath)
	}
	return readExportData(fset, imports, dep.pkg.Export, dep.path)
}

// readExportData returns the types of the package at path from the
// compiler's export data in file, read into imports with the packages it
// refers to, unless imports has it complete already. Both unit drivers
// type-check a package against its imports' export data: the standalone
// one's from go list -export, go vet's from the unit's PackageFile.
func readExportData(fset *token.FileSet, imports map[string]*types.Package, file, path string) (*types.Package, error) {
	if p := imports[path]; p != nil && p.Complete() {
		return p, nil
	}
	f, err := os.Open(file)
	if err != nil {
		return nil, fmt.Errorf("read export data of %s: %w", path, err)
	}
	defer f.Close()
	r, err := gcexportdata.NewReader(bufio.NewReader(f))
	if err != nil {
		return nil, fmt.Errorf("read export data of %s: %w", path, err)
	}
	return gcexportdata.Read(r, fset, imports, path)
}

// lookupPackage type-checks the package with the given path from source,
// for config.Resolve: a configured name may be unexported, and export
// data has only what other packages can see.
func (d *unitDriver) lookupPackage(path string) *types.Package {
	u := d.byPath[path]
	if u == nil {
		return nil
	}
	fset := token.NewFileSet()
	var files []*ast.File
	for _, name := range u.pkg.compiledFiles() {
		f, err := parser.ParseFile(fset, name, nil, parser.SkipObjectResolution)
		if err != nil {
			d.fallback.Store(true)
			return nil
		}
		files = append(files, f)
	}
	pkg, _, _, err := d.typeCheck(u, fset, files)
	if err != nil {
		d.fallback.Store(true)
		return nil
	}
	return pkg
}

type importerFunc func(path string) (*types.Package, error)

func (f importerFunc) Import(path string) (*types.Package, error) { return f(path) }

// newTypesInfo returns a types.Info with every map the analyzers read from
// a pass's TypesInfo made, for a driver that type-checks a package itself.
func newTypesInfo() *types.Info {
	return &types.Info{
		Types:        map[ast.Expr]types.TypeAndValue{},
		Defs:         map[*ast.Ident]types.Object{},
		Uses:         map[*ast.Ident]types.Object{},
		Implicits:    map[ast.Node]types.Object{},
		Instances:    map[*ast.Ident]types.Instance{},
		Scopes:       map[ast.Node]*types.Scope{},
		Selections:   map[*ast.SelectorExpr]*types.Selection{},
		FileVersions: map[*ast.File]string{},
	}
}
