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
	a := consumer.New("cwdwrite", doc, cfg, run, inspect.Analyzer)
	consumer.RegisterChain(&a.Flags)
	return a
}

func run(pass *analysis.Pass, res *rootflow.Result, rep *report.Reporter) error {
	chains := consumer.NewChains(pass)
	for _, f := range res.Findings {
		if f.Origin.Kind != rootflow.Bad || !f.Origin.Rel {
			continue
		}
		rep.Report(analysis.Diagnostic{Pos: f.Pos, Category: consumer.Category(f.Origin), Message: message(f), Related: chains.Chain(f)})
	}
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
			Message:  fmt.Sprintf("%s changes the process working directory outside package main, moving every relative path of its callers; pass absolute paths instead", lattice.ShortName(fn.FullName())),
		})
	}
	return nil
}

func message(f *rootflow.Finding) string {
	origin := f.Origin.Describe()
	fix := "make it absolute under a state root"
	switch f.Site {
	case rootflow.AtCall:
		return fmt.Sprintf("%s receives %s for a path it writes (%s at %s), so where it lands depends on where the tool was started; %s", f.Op, origin, f.Reach.Op, rootflow.ShortPos(f.Reach.At), fix)
	case rootflow.AtStore:
		return fmt.Sprintf("%s is assigned %s and written (%s at %s), so where it lands depends on where the tool was started; %s", f.Op, origin, f.Reach.Op, rootflow.ShortPos(f.Reach.At), fix)
	}
	return fmt.Sprintf("%s writes %s, so where it lands depends on where the tool was started; %s", f.Op, origin, fix)
}
