package hook

import (
	"go/token"

	"github.com/staterootlint/staterootlint/analyzers/internal/lattice"
	"github.com/staterootlint/staterootlint/analyzers/internal/rootflow/code"
	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"
)

// Context is everything of the engine an idiom rule may use: a rule's
// hooks receive it instead of the engine, and a helper a rule needs is
// the rule's own (a method of its type or a function in its file), never
// a method of the engine. The compiler keeps rules to it; the engine's
// TestRuleSurface keeps it small.
type Context interface {
	code.Locator

	// The package.
	AnalysisPass() *analysis.Pass
	// Allowed reports whether the configuration allows writes below a
	// (Config.Allowed).
	Allowed(a lattice.Origin) bool
	PackageFuncs() []*ssa.Function
	// Local reports whether fn is a function of this package.
	Local(fn *ssa.Function) bool

	// Values.
	Eval(v ssa.Value) lattice.Origins
	Bad(pos token.Pos, format string, args ...any) lattice.Origins
	UserChosen(v lattice.Origins, seen map[string]bool) bool
	InPlace(el lattice.Origins) bool
	EnvVarNamed(s string, at token.Position) lattice.Origin
	MapElems(v lattice.Origins, key string, at token.Position) lattice.Origins
	IsAbsTest(c code.Cond, v ssa.Value) bool

	// Cells: fields and package variables.
	Cell(key string, pos token.Pos) lattice.Origins
	CellStores(key string) lattice.Origins
	ObjectCell(v lattice.Origins, x ssa.Value) lattice.Origins
	// ForeignField reports whether cell key is a field of a type the
	// program does not own (a standard library type, another module's):
	// its reads see only the object they are tied to.
	ForeignField(key string) bool
	// AddStore records s as a store into cell, from an index hook's
	// Indexed: what the rule learnt the package stores there.
	AddStore(cell string, s StoreSite)

	// Calls.
	Callees(common *ssa.CallCommon) (targets []Callee, ok bool)
	// CalleeResults is what t's results hold in terms of its parameters:
	// this package's function's as evaluated so far, another package's
	// from its fact; ok is false for a callee with no fact.
	CalleeResults(t Callee) (results []lattice.Origins, ok bool)
	// BindSymbolAfter resolves a as the BindSymbol hooks of the rules
	// registered after rule after do (a rule handing on what it made of
	// a symbol); a itself when none does.
	BindSymbolAfter(after Rule, a lattice.Origin, key string, args []ssa.Value, at token.Position) lattice.Origins
}
