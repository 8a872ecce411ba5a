// Package analyzers lists the staterootlint analysis passes.
//
// Every driver (the CLI, go vet -vettool, the golangci-lint plugin) runs
// exactly the analyzers in All. Analyzers that read the rootedness engine
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
