// Package rootflow is the dataflow engine behind the staterootlint
// analyzers that follow paths: shadowwrite, cwdwrite, blastradius and
// inventory.
//
// Over SSA (buildssa) it evaluates, for every value that reaches a
// filesystem write, the set of its origins (a Value of Origins): a state
// root of some kind with the pattern below it, a temp, cache or
// user-chosen path, os.DevNull, or an origin outside every root with the
// reason; and symbolically a parameter, a field or package variable
// ("cell"), or a function reference. Function results are summarized to a
// fixpoint within the package; parameters and cells that reach a write
// become requirements checked at the call sites and stores. Summaries,
// requirements, stores into cells and the writes each function reaches
// are exported as analysis facts, so the analysis is interprocedural
// across packages under every driver, go vet's unitchecker included.
//
// The standard library is modelled by the tables in known.go rather than
// analyzed for requirements.
package rootflow
