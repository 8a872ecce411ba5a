// Package analyzers lists the staterootlint analysis passes.
//
// The CLI runs the analyzers in All; go vet -vettool and the
// golangci-lint plugin run those in Linting. Analyzers that read the rootedness engine
// require the same engine instance, so it runs once per package however
// many of them are enabled.
package analyzers

import (
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
// golangci-lint plugin run. inventory reports nothing; its artifacts are
// read by the CLI's commands (inventory, check, shape views) only, and
// under a linter's driver it would run on every dependency, for facts
// nobody reads (about 2% of a go vet run and 4% of a golangci-lint run
// on task v3.53.1).
var Linting = []*analysis.Analyzer{
	adhocroot.Analyzer,
	blastradius.Analyzer,
	cwdwrite.Analyzer,
	rootenv.Analyzer,
	shadowwrite.Analyzer,
	staleignore.Analyzer,
	unproven.Analyzer,
}
