// Package analyzers lists the staterootlint analysis passes.
//
// The CLI runs the analyzers in All; go vet -vettool and the
// golangci-lint plugin run those in Linting. Analyzers that read the rootedness engine
// require the same engine instance, so it runs once per package however
// many of them are enabled.
package analyzers

import (
	"slices"

	"golang.org/x/tools/go/analysis"

	"github.com/staterootlint/staterootlint/analyzers/adhocroot"
	"github.com/staterootlint/staterootlint/analyzers/blastradius"
	"github.com/staterootlint/staterootlint/analyzers/cwdwrite"
	"github.com/staterootlint/staterootlint/analyzers/inventory"
	"github.com/staterootlint/staterootlint/analyzers/rootenv"
	"github.com/staterootlint/staterootlint/analyzers/shadowwrite"
	"github.com/staterootlint/staterootlint/analyzers/staleignore"
	"github.com/staterootlint/staterootlint/analyzers/unproven"
)

// All is the suite, one analyzer per line, in alphabetical order.
var All = []*analysis.Analyzer{
	adhocroot.Analyzer,
	blastradius.Analyzer,
	cwdwrite.Analyzer,
	inventory.Analyzer,
	rootenv.Analyzer,
	shadowwrite.Analyzer,
	staleignore.Analyzer,
	unproven.Analyzer,
}

// Linting is All less inventory: what go vet -vettool and the
// golangci-lint plugin run (Linters).
var Linting = Linters(All)

// Linters returns list less inventory: what a lint runs, under go vet,
// golangci-lint, the CLI or init's checking run. inventory reports
// nothing; its artifacts are read by the CLI's inventory command (and
// its --contract) and the shape views only. Run anyway it costs a lint
// 3–6% (task v3.53.1 and k9s v0.32.7, 2026-11-26), and under a linter's
// driver it runs on every dependency for facts nobody reads.
func Linters(list []*analysis.Analyzer) []*analysis.Analyzer {
	return slices.DeleteFunc(slices.Clone(list), func(a *analysis.Analyzer) bool { return a == inventory.Analyzer })
}
