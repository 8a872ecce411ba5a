package cwdwrite

import (
	_ "embed"
	"fmt"
	"go/ast"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/passes/inspect"
	"golang.org/x/tools/go/ast/inspector"
	"golang.org/x/tools/go/types/typeutil"

	"github.com/staterootlint/staterootlint/analyzers/internal/consumer"
	"github.com/staterootlint/staterootlint/analyzers/internal/knowledge"
	"github.com/staterootlint/staterootlint/analyzers/internal/lattice"
	"github.com/staterootlint/staterootlint/analyzers/internal/report"
	"github.com/staterootlint/staterootlint/analyzers/internal/rootflow"
	"github.com/staterootlint/staterootlint/internal/findingkey"
)

//go:embed doc.go
var doc string

// CategoryChdir is the category of a change of the working directory
// outside package main; the writes are categorized by the origin of their
// path (consumer.Category: literal, cwd).
const CategoryChdir = "chdir"

// Config configures a cwdwrite analyzer: the engine it reads and what it
// reports.
type Config = consumer.Config

// DefaultConfig returns the configuration used when nothing is configured.
func DefaultConfig() Config { return Config{} }

// Analyzer reports writes relative to the working directory and os.Chdir
// outside package main.
var Analyzer = New(DefaultConfig())

// New returns a cwdwrite analyzer with its own flags and state.
func New(cfg Config) *analysis.Analyzer {
	return consumer.New("cwdwrite", doc, cfg, run, inspect.Analyzer)
}

// run reports os.Chdir outside package main. A write through a path
// relative to the working directory is shadowwrite's finding alone (one
// write, one finding), decided by the engine whether shadowwrite runs or
// not.
func run(pass *analysis.Pass, _ *rootflow.Result, rep *report.Reporter) error {
	if pass.Pkg.Name() == "main" {
		return nil
	}
	insp := pass.ResultOf[inspect.Analyzer].(*inspector.Inspector)
	for n := range insp.PreorderSeq((*ast.CallExpr)(nil)) {
		call := n.(*ast.CallExpr)
		fn := typeutil.StaticCallee(pass.TypesInfo, call)
		if fn == nil || !knowledge.Is(fn.FullName(), knowledge.Chdir) {
			continue
		}
		rep.Report(analysis.Diagnostic{
			Pos:      call.Pos(),
			Category: CategoryChdir,
			URL:      findingkey.URL(pass.Analyzer.URL, lattice.ShortName(fn.FullName()), ""),
			Message:  fmt.Sprintf("%s changes the process working directory outside package main, moving every relative path of its callers; pass absolute paths instead", lattice.ShortName(fn.FullName())),
		})
	}
	return nil
}
