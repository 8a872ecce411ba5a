package driver

import (
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"go/ast"
	"go/build"
	"go/parser"
	"go/scanner"
	"go/token"
	"go/types"
	"io"
	"os"
	"reflect"
	"strings"

	"golang.org/x/tools/go/analysis"
)

// The go vet unit driver's own analysis.
//
// go vet runs the tool once per package (a unit), dependencies first,
// and passes it the unit's configuration (vet.cfg). unitchecker, the
// driver golang.org/x/tools offers for that protocol, reads each
// dependency's types from the vetx file the tool wrote for it, writes the
// unit's own types into its vetx file, and decodes the facts of every
// package below the unit and encodes them again, in every unit. This
// driver speaks the same protocol for the suite and does less:
//
//   - Types come from the compiler's export data of the unit's direct
//     imports (PackageFile), read as the standalone unit driver reads
//     them (readExportData): the go command compiles every dependency
//     of the packages it vets, and passes each unit its imports' export
//     data. So no vetx file carries types, and a standard library unit
//     the engine models (StdModelled) only writes an empty vetx file,
//     without parsing anything.
//   - Facts are kept per package (vetunitfacts.go): a unit encodes its
//     own facts only, copies the sections of the packages below it from
//     its imports' vetx files as they are, and decodes a fact only when
//     an analyzer asks for it. What an analyzer sees is what unitchecker
//     shows it.
//
// The findings, the flags and the exit codes are unitchecker's; the
// command prints the report (VetReport) as unitchecker does (text on
// stderr, -json on the unit's stdout file). What it does not implement
// (-fix and -diff, go fix's archive, a compiler other than gc) is left to
// unitchecker, whole run by whole run: those are the same for every unit
// of a go vet run, so a run never mixes the two drivers' vetx files.
// Setting VetDriverEnv to "unitchecker" chooses it too; -V=full says
// which driver answers, so go vet's cache keeps their results apart.

// VetDriverEnv names the environment variable that chooses unitchecker
// over the suite's own unit driver under go vet: "unitchecker" chooses
// it, empty or unset keeps the own driver.
const VetDriverEnv = "STATEROOTLINT_VET_DRIVER"

// VetDriverUnitchecker is the value of VetDriverEnv that chooses
// unitchecker.
const VetDriverUnitchecker = "unitchecker"

// vetUnitConfig is go vet's description of a unit (the JSON of vet.cfg,
// as cmd/go's vetConfig writes it and unitchecker's Config reads it),
// read once per unit by every part of the go vet unit driver.
type vetUnitConfig struct {
	ID            string // package ID, such as "fmt [fmt.test]"
	Compiler      string // "gc" or "gccgo"
	Dir           string
	ImportPath    string // the package path
	GoVersion     string
	GoFiles       []string
	NonGoFiles    []string
	IgnoredFiles  []string
	ModulePath    string
	ModuleVersion string
	Module        *analysis.Module  // set by go1.27 and later
	ImportMap     map[string]string // import path in source → package path
	PackageFile   map[string]string // package path → the compiler's export data
	Standard      map[string]bool
	PackageVetx   map[string]string // package path → its vetx file (direct imports)
	VetxOnly      bool
	VetxOutput    string
	Stdout        string
	FixArchive    string
}

// readVetUnitConfig reads a unit's vet.cfg.
func readVetUnitConfig(path string) (*vetUnitConfig, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("read vet config: %w", err)
	}
	cfg := new(vetUnitConfig)
	if err := json.Unmarshal(data, cfg); err != nil {
		return nil, fmt.Errorf("decode vet config %s: %w", path, err)
	}
	return cfg, nil
}

// vetUnitOptions are the driver's flags of a go vet run, as unitchecker
// parses them (its analysisflags): the output format and the analyzers
// selected by -NAME and -NAME=false.
type vetUnitOptions struct {
	json      bool // -json
	context   int  // -c=N: print the offending line and N lines around it; -1 none
	analyzers []*analysis.Analyzer
}

// parseVetUnitFlags parses the flags of a go vet unit the way unitchecker
// does, setting the analyzers' flags. ok is false when the unit is left
// to unitchecker: a flag this driver does not implement (-fix, -diff,
// -flags, -V) is set, or the flags do not parse (unitchecker then says
// why, as go vet users know it).
func parseVetUnitFlags(args []string, roots []*analysis.Analyzer) (opts vetUnitOptions, ok bool) {
	fs := flag.NewFlagSet(progname, flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	enabled := map[*analysis.Analyzer]*enableFlag{}
	for _, a := range roots {
		e := new(enableFlag)
		fs.Var(e, a.Name, fmt.Sprintf("enable %q analysis", a.Name))
		enabled[a] = e
		a.Flags.VisitAll(func(f *flag.Flag) { fs.Var(f.Value, a.Name+"."+f.Name, f.Usage) })
	}
	printFlags := fs.Bool("flags", false, "print analyzer flags in JSON")
	version := fs.String("V", "", "print version and exit")
	opts.context = -1
	fs.BoolVar(&opts.json, "json", false, "emit JSON output")
	fs.IntVar(&opts.context, "c", -1, "display offending line with this many lines of context")
	fix := fs.Bool("fix", false, "apply all suggested fixes")
	diff := fs.Bool("diff", false, "with -fix, don't update the files, but print a unified diff")
	_ = fs.Bool("source", false, "no effect (deprecated)")
	_ = fs.Bool("v", false, "no effect (deprecated)")
	_ = fs.Bool("all", false, "no effect (deprecated)")
	_ = fs.String("tags", "", "no effect (deprecated)")
	if err := fs.Parse(args); err != nil || fs.NArg() != 1 {
		return opts, false
	}
	if *printFlags || *version != "" || *fix || *diff {
		return opts, false
	}
	// -NAME selects analyzers; -NAME=false alone deselects them.
	var hasTrue, hasFalse bool
	for _, e := range enabled {
		hasTrue = hasTrue || *e == enableTrue
		hasFalse = hasFalse || *e == enableFalse
	}
	for _, a := range roots {
		switch {
		case hasTrue && *enabled[a] != enableTrue, !hasTrue && hasFalse && *enabled[a] == enableFalse:
			continue
		}
		opts.analyzers = append(opts.analyzers, a)
	}
	return opts, true
}

// enableFlag is an analyzer's -NAME flag: unset, true or false.
type enableFlag int

const (
	enableUnset enableFlag = iota
	enableTrue
	enableFalse
)

func (e *enableFlag) String() string {
	if e != nil && *e == enableFalse {
		return "false"
	}
	return "true"
}

func (e *enableFlag) Set(value string) error {
	switch strings.ToLower(value) {
	case "1", "t", "true":
		*e = enableTrue
	case "0", "f", "false":
		*e = enableFalse
	default:
		return errors.New("want true or false")
	}
	return nil
}

func (e *enableFlag) IsBoolFlag() bool { return true }

// ownVetDriver returns the options for the suite's own unit driver, or
// ok false when the unit is left to unitchecker (see the top of this
// file): chosen by VetDriverEnv, a flag this driver does not implement,
// go fix's archive, another compiler than gc, or a unit without files
// (unitchecker reports it).
func ownVetDriver(args []string, roots []*analysis.Analyzer, cfg *vetUnitConfig, getenv func(string) string) (opts vetUnitOptions, ok bool) {
	if getenv(VetDriverEnv) == VetDriverUnitchecker {
		return opts, false
	}
	opts, ok = parseVetUnitFlags(args, roots)
	if !ok || len(cfg.GoFiles) == 0 || cfg.FixArchive != "" || cfg.Compiler != "gc" {
		return opts, false
	}
	return opts, true
}

// runOwn analyzes the unit with the suite's own unit driver and writes
// its vetx file. u.roots lists every analyzer whose facts may be in a
// vetx file; u.closure, the suite's closure, decides StdModelled.
func (u *VetUnit) runOwn() (*VetReport, error) {
	cfg := u.cfg
	codec := newFactCodec(u.roots)
	if cfg.VetxOnly && cfg.standard() && StdModelled(u.closure) {
		// The engine models the standard library: no facts, and the
		// importers read the types from the compiler's export data.
		//staterootlint:ignore unproven the go command names the facts file in the unit's configuration, in its own build cache
		if err := os.WriteFile(cfg.VetxOutput, appendVetxHeader(nil), 0o666); err != nil {
			return nil, &VetError{Err: err, Silent: true}
		}
		return nil, nil
	}
	fset := token.NewFileSet()
	results, err := analyzeVetUnit(fset, cfg, u.opts.analyzers, codec, u.warn)
	if err != nil {
		var typeErr types.Error
		var scanErr *scanner.Error
		var scanErrs scanner.ErrorList
		source := errors.As(err, &typeErr) || errors.As(err, &scanErr) || errors.As(err, &scanErrs)
		return nil, &VetError{Err: err, Silent: cfg.VetxOnly, Source: source}
	}
	if cfg.VetxOnly {
		return nil, nil
	}
	return &VetReport{ID: cfg.ID, Fset: fset, Results: results, JSON: u.opts.json, Context: u.opts.context}, nil
}

// VetReport is what a unit found, for the caller to print as unitchecker
// does.
type VetReport struct {
	ID      string // the package ID, such as "example.com/app [example.com/app.test]"
	Fset    *token.FileSet
	Results []VetResult // the root analyzers', in their order
	JSON    bool        // -json: one tree on the unit's stdout file, exit status 0
	Context int         // -c=N: print the offending line and N lines around it; -1 none
}

// VetResult is one root analyzer's outcome on the unit: its findings,
// with their URLs resolved and invalid fixes dropped (vetdiag.go), or
// its error.
type VetResult struct {
	Analyzer    *analysis.Analyzer
	Diagnostics []analysis.Diagnostic
	Err         error
}

// analyzeVetUnit parses and type-checks the unit, runs the analyzers (and
// what they require, in parallel as unitchecker does), writes the vetx
// file and returns the root analyzers' results in their order. warn
// receives the invalid fixes dropped from findings (nil: none).
func analyzeVetUnit(fset *token.FileSet, cfg *vetUnitConfig, analyzers []*analysis.Analyzer, codec *factCodec, warn func(error)) ([]VetResult, error) {
	var files []*ast.File
	for _, name := range cfg.GoFiles {
		f, err := parser.ParseFile(fset, name, nil, parser.ParseComments)
		if err != nil {
			return nil, err
		}
		files = append(files, f)
	}
	tc := &types.Config{
		Importer:  newExportImporter(fset, cfg),
		Sizes:     types.SizesFor("gc", build.Default.GOARCH),
		GoVersion: cfg.GoVersion,
	}
	info := newTypesInfo()
	pkg, err := tc.Check(cfg.ImportPath, fset, files, info)
	if err != nil {
		return nil, err
	}
	facts, err := readVetUnitFacts(pkg, cfg.PackageVetx, codec)
	if err != nil {
		return nil, err
	}

	// On a facts-only unit, only the analyzers with facts, or requiring
	// one that has, are roots (unitchecker's rule).
	if cfg.VetxOnly {
		var kept []*analysis.Analyzer
		for _, a := range analyzers {
			if usesFacts(a) {
				kept = append(kept, a)
			}
		}
		analyzers = kept
	}

	module := cfg.Module
	if module == nil && cfg.ModulePath != "" {
		module = &analysis.Module{Path: cfg.ModulePath, Version: cfg.ModuleVersion, GoVersion: cfg.GoVersion}
	}
	// Sibling analyzers run in parallel, as unitchecker runs them.
	actions := runActions(analyzers, true, func(a *analysis.Analyzer, inputs map[*analysis.Analyzer]any, act *action) {
		filter := map[reflect.Type]bool{}
		for _, f := range a.FactTypes {
			filter[reflect.TypeOf(f)] = true
		}
		pass := &analysis.Pass{
			Analyzer:     a,
			Fset:         fset,
			Files:        files,
			OtherFiles:   cfg.NonGoFiles,
			IgnoredFiles: cfg.IgnoredFiles,
			Pkg:          pkg,
			TypesInfo:    info,
			TypesSizes:   tc.Sizes,
			ResultOf:     inputs,
			Report: func(d analysis.Diagnostic) {
				if err := validateFixes(fset, a, d.SuggestedFixes); err != nil {
					if warn != nil {
						warn(err)
					}
					d.SuggestedFixes = nil
				}
				act.diags = append(act.diags, d)
			},
			ImportObjectFact:  facts.importObjectFact,
			ExportObjectFact:  facts.exportObjectFact,
			AllObjectFacts:    func() []analysis.ObjectFact { return facts.allObjectFacts(filter) },
			ImportPackageFact: facts.importPackageFact,
			ExportPackageFact: facts.exportPackageFact,
			AllPackageFacts:   func() []analysis.PackageFact { return facts.allPackageFacts(filter) },
			Module:            module,
		}
		pass.ReadFile = readFileOf(pass)
		act.result, act.err = a.Run(pass)
		if act.err == nil {
			for i := range act.diags {
				url, err := resolveURL(a, act.diags[i])
				if err != nil {
					act.err = err
					continue
				}
				act.diags[i].URL = url
			}
		}
	})

	results := make([]VetResult, len(analyzers))
	for i, a := range analyzers {
		results[i] = VetResult{a, actions[a].diags, actions[a].err}
	}
	if cfg.VetxOutput != "" {
		//staterootlint:ignore unproven the go command names the facts file in the unit's configuration, in its own build cache
		if err := facts.write(cfg.VetxOutput); err != nil {
			return nil, fmt.Errorf("type+fact export failed: %v", err)
		}
	}
	return results, nil
}

// usesFacts reports whether a has facts or requires, transitively, an
// analyzer that has.
func usesFacts(a *analysis.Analyzer) bool {
	if len(a.FactTypes) > 0 {
		return true
	}
	for _, req := range a.Requires {
		if usesFacts(req) {
			return true
		}
	}
	return false
}

// newExportImporter returns the importer of a unit's dependencies: their
// types from the compiler's export data the go command passes
// (PackageFile), through the unit's import map, each read once into the
// unit's packages.
func newExportImporter(fset *token.FileSet, cfg *vetUnitConfig) types.Importer {
	packages := map[string]*types.Package{} // every package met, direct or not
	return importerFunc(func(importPath string) (*types.Package, error) {
		path, ok := cfg.ImportMap[importPath]
		if !ok {
			return nil, fmt.Errorf("can't resolve import %q", importPath)
		}
		if path == "unsafe" {
			return types.Unsafe, nil
		}
		file, ok := cfg.PackageFile[path]
		if !ok {
			if pkg := packages[path]; pkg != nil && pkg.Complete() {
				return pkg, nil
			}
			return nil, fmt.Errorf("no export data for %q in the unit's configuration (PackageFile); run go vet with %s=%s", path, VetDriverEnv, VetDriverUnitchecker)
		}
		return readExportData(fset, packages, file, path)
	})
}
