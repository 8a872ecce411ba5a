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
	"golang.org/x/tools/go/analysis/passes/inspect"
	"golang.org/x/tools/go/ast/inspector"
	"golang.org/x/tools/go/types/typeutil"

	"github.com/staterootlint/staterootlint/analyzers/internal/flagvalue"
	"github.com/staterootlint/staterootlint/analyzers/internal/report"
)

// reader describes a watched call: which argument names the variable and
// whether it is a variable name or a template to expand.
type reader struct {
	arg      int
	template bool
	verb     string // how the message says what the call does
}

// readers are the calls that read the environment, by package path and
// function name.
var readers = map[string]reader{
	"os.Getenv":                    {arg: 0, verb: "reads"},
	"os.LookupEnv":                 {arg: 0, verb: "reads"},
	"syscall.Getenv":               {arg: 0, verb: "reads"},
	"golang.org/x/sys/unix.Getenv": {arg: 0, verb: "reads"},
	"os.ExpandEnv":                 {arg: 0, template: true, verb: "expands"},
	"os.Expand":                    {arg: 0, template: true, verb: "expands"},
}

// FlagRootEnv names the flag listing the root-override variables.
const FlagRootEnv = "root-env"

//go:embed doc.go
var doc string

// Config configures a rootenv analyzer.
type Config struct {
	// RootEnv lists the root-override environment variables, such as
	// MYAPP_GLOBAL_STATE_ROOT. Empty, the analyzer reports nothing.
	RootEnv flagvalue.List
	// Authorities are the configured authorities (the engine's
	// -authorities): the packages that hold them are authority packages,
	// exempt like the ones declaring //staterootlint:authority.
	Authorities flagvalue.List
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
	cfg.Exclude = slices.Clone(cfg.Exclude)
	cfg.Authorities = slices.Clone(cfg.Authorities)
	a := &analysis.Analyzer{
		Name:     "rootenv",
		Doc:      report.AnalyzerDoc(doc, "rootenv"),
		URL:      "https://pkg.go.dev/github.com/staterootlint/staterootlint/analyzers/rootenv",
		Requires: []*analysis.Analyzer{inspect.Analyzer},
	}
	a.Flags.Var(&cfg.RootEnv, FlagRootEnv, "comma-separated root-override environment `variables` only the authority may read")
	a.Flags.Var(&cfg.Authorities, report.FlagAuthorities, "comma-separated configured `authorities` (pkg.Func, (*pkg.T).Method, pkg.Var, optionally =KIND): their packages are authority packages")
	cfg.Filter.Register(&a.Flags)
	a.Run = func(pass *analysis.Pass) (any, error) { return run(pass, &cfg) }
	return a
}

func run(pass *analysis.Pass, cfg *Config) (_ any, err error) {
	if err := cfg.Validate(); err != nil {
		return nil, err
	}
	var at token.Pos // the call being checked, for the fault report
	defer func() {
		if p := recover(); p != nil {
			err = fmt.Errorf("rootenv: internal error at %s: %v", pass.Fset.Position(at), p)
		}
	}()
	if len(cfg.RootEnv) == 0 || report.AuthorityPackage(pass.Files, pass.Pkg.Path(), cfg.Authorities) {
		return nil, nil
	}
	r := cfg.Reporter(pass)
	advice := "such as stateroots.GlobalStateRoot"
	module := ""
	if pass.Module != nil {
		module = pass.Module.Path
	}
	if own := report.OwnAuthorities(cfg.Authorities, module); own != "" {
		advice = own
	}
	insp := pass.ResultOf[inspect.Analyzer].(*inspector.Inspector)
	for c := range insp.Root().Preorder((*ast.CallExpr)(nil)) {
		call := c.Node().(*ast.CallExpr)
		at = call.Pos()
		fn := typeutil.StaticCallee(pass.TypesInfo, call)
		if fn == nil || fn.Pkg() == nil || fn.Signature().Recv() != nil {
			continue
		}
		name := fn.Pkg().Path() + "." + fn.Name()
		rd, ok := readers[name]
		if !ok || rd.arg >= len(call.Args) {
			continue
		}
		s, ok := constString(pass.TypesInfo, call.Args[rd.arg])
		if !ok {
			continue
		}
		for _, v := range cfg.RootEnv {
			if (rd.template && mentions(s, v)) || (!rd.template && s == v) {
				r.Report(analysis.Diagnostic{
					Pos: call.Pos(),
					End: call.End(),
					Message: fmt.Sprintf("%s.%s %s the root override %q outside the authority package; "+
						"get the root from the authority (%s), which applies the override",
						fn.Pkg().Name(), fn.Name(), rd.verb, v, advice),
				})
				break
			}
		}
	}
	return nil, nil
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
