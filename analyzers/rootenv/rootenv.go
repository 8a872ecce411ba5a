package rootenv

import (
	_ "embed"
	"fmt"
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"slices"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/types/typeutil"

	"github.com/staterootlint/staterootlint/analyzers/internal/flagvalue"
	"github.com/staterootlint/staterootlint/analyzers/internal/knowledge"
	"github.com/staterootlint/staterootlint/analyzers/internal/report"
	"github.com/staterootlint/staterootlint/analyzers/internal/rootflow"
	"github.com/staterootlint/staterootlint/internal/findingkey"
	"github.com/staterootlint/staterootlint/internal/flagname"
)

// Flag names of rootenv (internal/flagname).
const (
	// FlagRootEnv names the flag listing the root-override variables.
	FlagRootEnv = flagname.RootEnv
	// FlagAuthorities names the flag listing the configured authorities,
	// whose packages may read the variables.
	FlagAuthorities = flagname.Authorities
)

// The categories of rootenv's diagnostics.
const (
	CategoryRead   = "read"   // os.Getenv and the like
	CategoryExpand = "expand" // os.ExpandEnv, os.Expand
)

//go:embed doc.go
var doc string

// Config configures a rootenv analyzer.
type Config struct {
	// RootEnv lists the root-override environment variables, such as
	// MYAPP_GLOBAL_STATE_ROOT. Empty, the analyzer reports nothing.
	RootEnv flagvalue.List
	// Authorities lists the configured authorities (the engine's
	// authorities): their packages, like those declaring
	// //staterootlint:authority, may read the variables.
	Authorities flagvalue.List
	// AnalyzeStd reports in standard library packages too. Off, they
	// are skipped: they read none of the program's overrides. The env
	// helpers found there are the engine's, with its own analyze-std.
	AnalyzeStd bool
	// Engine is the rootflow engine whose result names the env helpers;
	// nil means the suite's shared engine, rootflow.Analyzer.
	Engine *analysis.Analyzer
	// Filter selects what is reported: tests, excluded files.
	report.Filter
}

// DefaultConfig returns the configuration used when nothing is configured.
func DefaultConfig() Config {
	return Config{}
}

// Analyzer reports reads of the root-override variables outside the
// authority package.
var Analyzer = New(DefaultConfig())

// New returns a rootenv analyzer with its own flags and state.
func New(cfg Config) *analysis.Analyzer {
	cfg.RootEnv = slices.Clone(cfg.RootEnv)
	cfg.Authorities = slices.Clone(cfg.Authorities)
	cfg.Exclude = slices.Clone(cfg.Exclude)
	if cfg.Engine == nil {
		cfg.Engine = rootflow.Analyzer
	}
	a := &analysis.Analyzer{
		Name:       "rootenv",
		Doc:        report.AnalyzerDoc(doc, "rootenv"),
		URL:        "https://pkg.go.dev/github.com/staterootlint/staterootlint/analyzers/rootenv",
		Requires:   []*analysis.Analyzer{cfg.Engine},
		ResultType: report.MatchedType,
	}
	a.Flags.Var(&cfg.RootEnv, FlagRootEnv, "comma-separated root-override environment `variables` only the authority may read")
	a.Flags.Var(&cfg.Authorities, FlagAuthorities, "comma-separated configured authorities (`pkg.Func`, (*pkg.T).Method, pkg.Var, optionally =KIND) whose packages may read them")
	a.Flags.BoolVar(&cfg.AnalyzeStd, flagname.AnalyzeStd, cfg.AnalyzeStd, "report in standard library packages too (the engine finds env helpers there only with its own -analyze-std)")
	cfg.Filter.Register(&a.Flags)
	a.Run = func(pass *analysis.Pass) (any, error) { return run(pass, &cfg) }
	return a
}

func run(pass *analysis.Pass, cfg *Config) (_ any, err error) {
	if err := cfg.Validate(); err != nil {
		return nil, err
	}
	var at token.Pos // the call being checked, for the fault report
	defer report.Recover(pass, &at, &err)
	r := cfg.Reporter(pass)
	if !cfg.AnalyzeStd && knowledge.InGOROOT(pass) {
		// Modelled by the table: the program's root overrides are not
		// read there.
		return r.Matched(), nil
	}
	if len(cfg.RootEnv) == 0 || report.IsAuthority(pass, cfg.Authorities) {
		return r.Matched(), nil
	}
	advice := "such as stateroots.GlobalStateRoot"
	module := ""
	if pass.Module != nil {
		module = pass.Module.Path
	}
	if own := report.OwnAuthorities(cfg.Authorities, module); own != "" {
		advice = own
	}
	// What each function called reads, os.Getenv's first argument and
	// the env helpers' (the engine's, across packages).
	envCalls := pass.ResultOf[cfg.Engine].(*rootflow.Result).EnvCalls
	names := report.RootEnvNames(cfg.RootEnv)
	for call := range calls(pass.Files) {
		at = call.Pos()
		fn := typeutil.StaticCallee(pass.TypesInfo, call)
		if fn == nil || fn.Pkg() == nil || fn.Signature().Recv() != nil {
			continue
		}
		// The environment readers (os.Getenv) name a variable, the
		// expanders (os.ExpandEnv) a template: both take it first. An
		// env helper names it with the arguments the engine gives
		// (Result.EnvCalls).
		known, _ := knowledge.Lookup(fn.FullName())
		template, verb, args := known.Has(knowledge.Expand), "expands", []int{0}
		if !template {
			if !known.Has(knowledge.Getenv) {
				args = envCalls[fn]
			}
			if len(args) == 0 {
				continue
			}
			verb = "reads"
			if !known.Has(knowledge.Getenv) {
				verb = "reads, through a helper,"
			}
		}
		if v, ok := rootEnvArg(pass, call, args, template, names); ok {
			category := CategoryRead
			if template {
				category = CategoryExpand
			}
			r.Report(analysis.Diagnostic{
				Pos:      call.Pos(),
				End:      call.End(),
				Category: category,
				URL:      findingkey.URL(pass.Analyzer.URL, fn.Pkg().Name()+"."+fn.Name(), "env "+v),
				Message: fmt.Sprintf("%s.%s %s the root override %q outside the authority package; "+
					"get the root from the authority (%s), which applies the override",
					fn.Pkg().Name(), fn.Name(), verb, v, advice),
			})
		}
	}
	return r.Matched(), nil
}

// calls yields the calls in files, in source order.
func calls(files []*ast.File) func(yield func(*ast.CallExpr) bool) {
	return func(yield func(*ast.CallExpr) bool) {
		stop := false
		for _, f := range files {
			ast.Inspect(f, func(n ast.Node) bool {
				if stop {
					return false
				}
				if call, ok := n.(*ast.CallExpr); ok && !yield(call) {
					stop = true
				}
				return !stop
			})
		}
	}
}

// rootEnvArg returns the root override that one of the arguments args of
// call names: a constant name a root-env entry or pattern covers, or a
// template mentioning an entry by its exact name.
func rootEnvArg(pass *analysis.Pass, call *ast.CallExpr, args []int, template bool, rootEnv []string) (string, bool) {
	for _, arg := range args {
		if arg >= len(call.Args) {
			continue
		}
		s, ok := constString(pass.TypesInfo, call.Args[arg])
		if !ok {
			continue
		}
		for _, v := range rootEnv {
			switch {
			case template && mentions(s, v):
				return v, true
			case !template && report.EnvMatch(v, s):
				return s, true // the variable read, which a pattern covers
			}
		}
	}
	return "", false
}

// constString returns the value of e if it is a constant string.
func constString(info *types.Info, e ast.Expr) (string, bool) {
	tv, ok := info.Types[e]
	if !ok || tv.Value == nil || tv.Value.Kind() != constant.String {
		return "", false
	}
	return constant.StringVal(tv.Value), true
}

// mentions reports whether template refers to the variable name the way
// os.Expand reads it: $name (not followed by more name characters) or
// ${name}.
func mentions(template, name string) bool {
	for i := 0; i < len(template); i++ {
		if template[i] != '$' || i+1 >= len(template) {
			continue
		}
		rest := template[i+1:]
		if rest[0] == '{' {
			end := 1
			for end < len(rest) && rest[end] != '}' {
				end++
			}
			if end < len(rest) && rest[1:end] == name {
				return true
			}
			continue
		}
		end := 0
		for end < len(rest) && isNameByte(rest[end]) {
			end++
		}
		if rest[:end] == name {
			return true
		}
	}
	return false
}

func isNameByte(c byte) bool {
	return c == '_' || '0' <= c && c <= '9' || 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z'
}
