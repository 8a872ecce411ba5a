package inventory

import (
	"go/types"

	"github.com/staterootlint/staterootlint/analyzers/internal/lattice"
	"github.com/staterootlint/staterootlint/analyzers/internal/report"
	"github.com/staterootlint/staterootlint/analyzers/internal/rootflow"
)

// labels names functions in the rows as their package clauses name their
// packages ("tea.NewProgram" for github.com/charmbracelet/bubbletea/v2,
// "main.main" for a command), where the types are at hand: the
// package's own functions and those of the packages it imports. The
// engine's call chains are rendered from keys alone (lattice.ShortName);
// of their hops, labels renames those of the package's own functions.
type labels struct {
	name func(path string) string // report.PackageNames of the package
	own  map[string]string        // ShortName of a function of the package -> its label
}

func newLabels(pkg *types.Package, res *rootflow.Result) *labels {
	l := &labels{name: report.PackageNames(pkg), own: map[string]string{}}
	for key := range res.Reaches {
		l.own[lattice.ShortName(key)] = l.key(key)
	}
	return l
}

// key labels a function or cell key.
func (l *labels) key(key string) string { return lattice.ShortNameIn(key, l.name) }

// fn labels a function: its package is named by its own types.
func (l *labels) fn(fn *types.Func) string {
	return lattice.ShortNameIn(fn.FullName(), func(path string) string {
		if fn.Pkg() != nil && path == fn.Pkg().Path() {
			return fn.Pkg().Name()
		}
		return l.name(path)
	})
}

// chain renders a call chain: the hops of the package's own functions by
// their labels, the others as the engine names them.
func (l *labels) chain(hops []lattice.Hop) []string {
	names := lattice.HopNames(hops)
	for i, n := range names {
		if own, ok := l.own[n]; ok {
			names[i] = own
		}
	}
	return names
}
