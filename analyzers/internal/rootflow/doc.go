// Package rootflow is the dataflow engine behind the staterootlint
// analyzers that follow paths: shadowwrite, cwdwrite, blastradius and
// inventory.
//
// Over SSA it evaluates, for every value that reaches a filesystem write,
// the set of its origins, and exports function summaries as analysis facts
// so the analysis is interprocedural across packages under every driver,
// go vet's unitchecker included.
//
// # Core types
//
//	Origins      the set of possible origins of a value (sorted, bounded)
//	Origin       one origin: its Kind and the path pattern below it
//	  Rooted       under a state root (Root names its kind: repo, global, ...)
//	  Temp, Cache  under a temporary or the user cache directory
//	  User         chosen by the user (a flag, an argument)
//	  DevNull      a device; Empty, the empty path (writing it fails)
//	  Param        a parameter of the function being summarized (symbolic)
//	  Cell         what is stored in a field or package variable (symbolic)
//	  Func         a function value; Env, a variable the caller names
//	  Bad          outside every root, with its Cause and the words why
//	Req          a requirement: a parameter or cell whose value reaches a
//	             write, with the Hops between
//	Hop          one step of such a chain (a call or a store) and its position
//	FuncFact     a function's summary: results, requirements, the writes it reaches
//	PackageFact  a package's stores into cells and requirements on others
//	Result       what one package gives the analyzers: writes, findings,
//	             reaches and stores
//
// The engine's per-package state has three parts with one role each:
// the index of the package (index.go), the evaluator of values and
// summaries (eval.go, calls.go, summaries.go) and the requirements and
// findings it derives (propagate.go, reach.go). Summaries and reaches are
// computed callee-first over the call graph's components (order.go).
// Every bound is in bounds.go; one that is hit says so in the result.
//
// # Extending it
//
// To add a sink (a function that writes a path): add an entry with the
// Sink role to the knowledge table (analyzers/internal/knowledge), with
// its signature as a comment, and a line writing a literal path through it
// to a fixture under testdata/src/shadowwrite (sinks covers the table).
// Users add their own with -sinks (pkg.Func#N).
//
// To add a derivation rule (how a call's result relates to its
// arguments): if it is one of the knowledge table's result roles
// (Identity, Split, Join, Parent, Outside, ...), an entry there is enough;
// otherwise add a role, handle it in known (calls.go), and add a fixture
// under testdata/src/shadowwrite that fails without it: a rooted path
// through the call that must stay quiet, and a literal one that must be
// reported. A rule that changes summaries should also be pinned in
// testdata/src/rootflow/facts.
//
// The standard library is modelled by the knowledge table rather than
// analyzed for requirements.
package rootflow
