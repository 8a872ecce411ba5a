package main

import (
	"cmp"
	"fmt"
	"go/ast"
	"go/build"
	"go/token"
	"go/types"
	"path/filepath"
	"runtime"
	"slices"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/checker"
	"golang.org/x/tools/go/packages"

	"github.com/staterootlint/staterootlint/analyzers/inventory"
	"github.com/staterootlint/staterootlint/internal/config"
	"github.com/staterootlint/staterootlint/internal/flagname"
)

// checkRequest is one standalone analysis run.
type checkRequest struct {
	cwd      string // where the user is: text output is relative to it
	dir      string // where the go command runs (-C)
	patterns []string
	cfg      *config.Config
	// explicitConfig: cfg is the file --config named, not the one found.
	explicitConfig bool
	buildFlags     []string // for the go command: -tags
	roots          []*analysis.Analyzer
	format         string
	verbose        bool // text: print each finding's chain below it
	noConfig       bool // no configuration file was found: hint at init when there are findings
	fix            bool
	// baseline, writeBaseline: --baseline and --write-baseline, relative
	// to the process's directory (-C joined on), as given (baseline.go).
	baseline, writeBaseline string
	// cacheDir is the persistent cache (see cache.go); "" or noCache: none.
	cacheDir string
	noCache  bool
	quiet    bool // no progress on stderr
}

// analysisResult is what a run of the analyzers leaves for the report:
// the root packages' findings and inventories.
type analysisResult struct {
	findings  []finding
	artifacts []inventory.Artifact
}

// finding is one diagnostic with its resolved position.
type finding struct {
	analyzer string
	pos      token.Position // Filename is absolute
	message  string
	category string
	fix      *resolvedFix // the first suggested fix, if any
	pkg, fn  string       // the package path and enclosing function, for baselines
	chain    []step       // from the path's origin to the write (related information)
}

// newFinding resolves a diagnostic's position, chain and first fix, so it
// outlives the FileSet; files are the package's syntax, for the enclosing
// function a baseline matches on.
func newFinding(analyzer, pkg string, fset *token.FileSet, files []*ast.File, d analysis.Diagnostic) finding {
	f := finding{
		analyzer: analyzer,
		pos:      fset.Position(d.Pos),
		message:  d.Message,
		category: d.Category,
		pkg:      pkg,
		fn:       enclosingFunc(files, d.Pos),
		chain:    chainOf(fset, d.Related),
	}
	if len(d.SuggestedFixes) > 0 {
		f.fix = resolveFix(fset, d.SuggestedFixes[0])
	}
	return f
}

func (c *cli) check(req checkRequest) int {
	base, code := c.readBaseline(req)
	if code != exitClean {
		return code
	}
	res, code := c.runAnalyzers(req)
	if code != exitClean {
		return code
	}
	findings := res.findings

	if req.fix {
		var code int
		findings, code = c.applyFixes(req.cwd, findings)
		if code != exitClean {
			return code
		}
	}

	if req.writeBaseline != "" {
		return c.writeBaselineFile(req.writeBaseline, findings)
	}
	if base != nil {
		findings = c.subtractBaseline(req.baseline, base, findings)
	}

	if req.noConfig && len(findings) > 0 {
		c.noConfigHint(req.dir)
	}
	if err := c.print(req, findings); err != nil {
		fmt.Fprintf(c.stderr, "%s: write output: %v\n", progname, err)
		return exitUsage
	}
	if len(findings) > 0 {
		return exitFindings
	}
	return exitClean
}

// runAnalyzers applies the configuration, loads the packages, checks the
// configured names against them and runs the analyzers: the part every
// subcommand that analyzes shares. A non-zero code is the exit code.
//
// The unit driver (unit.go) runs it; when the go command reports errors
// or a package does not type-check, the go/packages driver below runs
// instead and reports them.
func (c *cli) runAnalyzers(req checkRequest) (*analysisResult, int) {
	if _, err := req.cfg.Apply(req.roots); err != nil {
		fmt.Fprintf(c.stderr, "%s: %v\n", progname, err)
		return nil, exitConfig
	}
	enableChains(req.roots)
	if !c.loadAll {
		res, code, err := c.runUnits(req)
		if err == nil {
			return res, code
		}
	}
	graph, code := c.runGraph(req)
	if code != exitClean {
		return nil, code
	}
	return &analysisResult{findings: collect(graph), artifacts: inventory.Collect(graph)}, exitClean
}

// runGraph runs the analyzers over the packages loaded whole with their
// dependencies (go/packages, one process): what explain reads, and the
// fallback that reports load errors as the go command words them. The
// configuration must be applied already (runAnalyzers, or the caller).
func (c *cli) runGraph(req checkRequest) (*checker.Graph, int) {
	pkgs, code := c.load(req)
	if code != exitClean {
		return nil, code
	}
	if err := checkConfigFiles(req, pkgs); err != nil {
		fmt.Fprintf(c.stderr, "%s: %v\n", progname, err)
		return nil, exitConfig
	}
	if err := req.cfg.Resolve(packageLookup(pkgs)); err != nil {
		fmt.Fprintf(c.stderr, "%s: %v\n", progname, err)
		return nil, exitConfig
	}
	if slices.ContainsFunc(pkgs, inGOROOT) {
		if code := c.analyzeStd(req.roots); code != exitClean {
			return nil, code
		}
	}
	graph, err := checker.Analyze(guard(req.roots), pkgs, nil)
	if err != nil {
		fmt.Fprintf(c.stderr, "%s: %v\n", progname, err)
		return nil, exitUsage
	}
	if errs := analysisErrors(graph); len(errs) > 0 {
		for _, e := range errs {
			fmt.Fprintf(c.stderr, "%s: %s\n", progname, e)
		}
		return nil, exitUsage
	}
	return graph, exitClean
}

// analyzeStd is for a run asked to analyze the standard library itself:
// the engine must not model it by its tables as it does for dependencies.
func (c *cli) analyzeStd(roots []*analysis.Analyzer) int {
	for _, a := range config.Closure(roots) {
		if f := a.Flags.Lookup(analyzeStdFlag); f != nil {
			if err := f.Value.Set("true"); err != nil {
				fmt.Fprintf(c.stderr, "%s: set -%s.%s: %v\n", progname, a.Name, analyzeStdFlag, err)
				return exitUsage
			}
		}
	}
	return exitClean
}

// checkConfigFiles applies the rule of which configuration file counts
// (config.InEffect) to the packages analyzed: a configuration file
// between a package's directory and its module root is an error, and so
// is running with a file other than the one go vet would read for those
// packages, unless --config names it.
func checkConfigFiles(req checkRequest, pkgs []*packages.Package) error {
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
		if req.explicitConfig || effect == req.cfg.Source || seen["effect:"+effect] || len(strays) > 0 {
			continue
		}
		seen["effect:"+effect] = true
		found, vet := req.cfg.Source, effect
		if found == "" {
			found = "no " + config.FileName
		}
		if vet == "" {
			vet = "none"
		}
		root, _ := config.ModuleRoot(dir)
		errs = append(errs, &config.Error{
			Pos: config.Pos{File: req.dir},
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

// load loads the packages with go/packages; load and type errors are
// usage errors (exit 2), reported like the go command reports them.
func (c *cli) load(req checkRequest) ([]*packages.Package, int) {
	mode := packages.LoadSyntax | packages.NeedModule
	for _, a := range config.Closure(req.roots) {
		if len(a.FactTypes) > 0 {
			// Facts flow from dependencies, so they are analyzed too.
			mode = packages.LoadAllSyntax | packages.NeedModule
			break
		}
	}
	pkgs, err := packages.Load(&packages.Config{
		Mode:       mode,
		Dir:        req.dir,
		Tests:      req.cfg.TestsEnabled(),
		BuildFlags: req.buildFlags,
	}, req.patterns...)
	if err != nil {
		fmt.Fprintf(c.stderr, "%s: load packages: %v\n", progname, err)
		return nil, exitUsage
	}
	// A package and its test variants share files, hence errors: print each once.
	var errs []string
	seen := map[string]bool{}
	packages.Visit(pkgs, nil, func(p *packages.Package) {
		for _, e := range p.Errors {
			// Errors the go command reports without a position (a bad
			// pattern, a missing module) come with Pos "-".
			msg := e.Error()
			if e.Pos == "" || e.Pos == "-" {
				msg = progname + ": " + e.Msg
			}
			if !seen[msg] {
				seen[msg] = true
				errs = append(errs, msg)
			}
		}
	})
	if len(errs) > 0 {
		for _, e := range errs {
			fmt.Fprintf(c.stderr, "%s\n", e)
		}
		fmt.Fprintf(c.stderr, "%s: loading the packages failed with the errors above; fix them first (go build shows them too)\n", progname)
		return nil, exitUsage
	}
	if len(pkgs) == 0 {
		fmt.Fprintf(c.stderr, "%s: no packages matched %s in %s\n", progname, strings.Join(req.patterns, " "), req.dir)
		return nil, exitUsage
	}
	return pkgs, exitClean
}

// packageLookup indexes the loaded packages and all their dependencies by path.
func packageLookup(pkgs []*packages.Package) func(string) *types.Package {
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
func collect(g *checker.Graph) []finding {
	var out []finding
	for _, act := range g.Roots {
		for _, d := range act.Diagnostics {
			out = append(out, newFinding(act.Analyzer.Name, act.Package.PkgPath, act.Package.Fset, act.Package.Syntax, d))
		}
	}
	uniqueFindings(&out)
	return out
}

func compareFindings(a, b finding) int {
	return cmp.Or(
		cmp.Compare(a.pos.Filename, b.pos.Filename),
		cmp.Compare(a.pos.Line, b.pos.Line),
		cmp.Compare(a.pos.Column, b.pos.Column),
		cmp.Compare(a.analyzer, b.analyzer),
		cmp.Compare(a.message, b.message),
	)
}

// guard returns copies of roots and their requirements whose Run recovers
// a panic into an error naming the analyzer, the package and the faulting
// line, so a bug in one analyzer is reported instead of crashing with a
// stack trace. The copies hand the original analyzers to the wrapped Run
// functions (pass.Analyzer, pass.ResultOf keys), so analyzers that look up
// their requirements' results by identity keep working; flags are shared.
func guard(roots []*analysis.Analyzer) []*analysis.Analyzer {
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
					err = fmt.Errorf("internal error: %v%s; please report it", r, panicSite())
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

// panicSite returns " at file:line" of the code that panicked, for a call
// from a deferred recover.
func panicSite() string {
	pcs := make([]uintptr, 32)
	frames := runtime.CallersFrames(pcs[:runtime.Callers(3, pcs)])
	for {
		f, more := frames.Next()
		if !strings.HasPrefix(f.Function, "runtime.") && f.File != "" {
			return fmt.Sprintf(" at %s:%d", f.File, f.Line)
		}
		if !more {
			return ""
		}
	}
}
