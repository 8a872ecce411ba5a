// package rootflow is the dataflow engine behind the staterootlint
// analyzers that follow paths: shadowwrite, cwdwrite, blastradius and
// inventory.
//
// Over SSA it evaluates, for every value that reaches a filesystem write,
// the set of its origins, and exports function summaries as analysis facts
// so the analysis is interprocedural across packages under every driver,
// go vet's unitchecker included.
//
// # Layout
//
// The lattices are plain data in package lattice (no SSA): Origin and
// Origins (where a value comes from, with idiom facts as tags) and Req (a
// requirement, with transforms as tags); their laws are tested there.
// A run (run, in rootflow.go) goes through four phases, each over the
// state the ones before it left. The files are listed below phase by
// phase; read in this order, each builds on those before it, but for the
// recursions within a phase: every transfer function asks eval.go for
// the values it is passed, and propagation and the objects' requirements
// (ctors.go, sinkvalue.go) require of each other.
//
//  1. the ground: the bounds (bounds.go; one that is hit says so in the
//     result), the configuration (config.go), the facts exported to
//     other packages and their encoding (facts.go), the result
//     (result.go), and the engine's state (engine.go: the index, the
//     evaluator, the requirements and the small types they hold, each
//     filled by one phase and read by the later ones);
//  2. the index, built once and then frozen, with answers computed on
//     first use: hooks.go (the rules by hook), index.go (the package's
//     functions, stores and callbacks, the facts of its dependencies),
//     authorities.go, allowances.go, methodindex.go, envhelpers.go,
//     abswrap.go, closures.go, unstored.go;
//  3. the summaries, by forward evaluation of values (the transfer
//     functions): text.go (buffers), funcparams.go, parametric.go,
//     dispatch.go (interface calls), chan.go, calls.go (calls and the
//     knowledge table's roles), eval.go (values, maps, buffers filled in
//     place), ctors.go (objects through constructors), order.go and
//     summaries.go (callee-first over the call graph's components);
//  4. the requirements, propagated backward from the writes, and the
//     verdicts on them: verdict.go (the reporting policy), reach.go (the
//     writes each function reaches), sinkvalue.go (sinks passed as func
//     values, a component of their own), propagate.go, bases.go (the
//     bases a finding's path is built on) and user.go (whether a path is
//     the user's choice).
//
// surface.go is the rules' view of all four (below); candidates.go is
// apart, a query over the summaries for staterootlint init.
//
// Idioms that real programs need for precision are rules, in package
// rules: each is a type in a file of its own, NAME.go with the rule's
// name without dashes (ctor-objects in rules/ctorobjects.go), that
// implements one or more hooks of package hook. A rule sees the engine
// only through hook.Context, a small interface that lists everything of
// the engine a rule may use (ruleView in surface.go implements it); its
// helpers are its own. The engine imports the list, rules.All, and calls
// each hook from one place (hooks.go); the compiler keeps both sides to
// that boundary, and TestRuleSurface keeps the surface small and every
// hook called. Package code holds what both sides read of the program
// (symbol keys, constants, branch conditions, path types). What the
// engine models itself is the language and the library: maps (maps.go),
// objects through constructors (ctors.go), func values, closures,
// channels, interface dispatch, text buffers, and the knowledge table's
// roles.
//
// # The rule every transfer function keeps
//
// A value's origin is evidence: an origin the engine reports a write on
// must be where the path really comes from. So a transfer function (a
// knowledge role, a core model, a rule) that does not model its operation
// exactly yields an unproven origin (Bad with the cause CauseUnproven or
// CauseLimit, "a value the analysis cannot follow"), never a concrete one
// it made up; and a relative name is "relative to the working directory"
// only where it reaches the write unjoined: joined below another value
// (filepath.Join, strings.Join with "/", a concatenation after it, a
// slice joined whose first element is known) it is an element of that
// value's path, and that value is the origin. docs/precision.md keeps the
// audit of the knowledge table and the rules against this rule, with the
// places that still break it.
//
// # Extending it
//
// Adding a sink (a function that writes a path): one entry with the Sink
// role in the knowledge table (analyzers/internal/knowledge/table.go), its
// Go signature as a comment above it, and a line writing a literal path
// through it in a fixture under testdata/src/shadowwrite (the sinks
// fixture covers the table). Users add their own with -sinks (pkg.Func#N).
//
// Adding a library role (how a call's result relates to its arguments,
// for a standard or common library function): if it is one of the
// knowledge table's result roles (Identity, Split, Join, Parent, Outside,
// ...), one table entry; a new role is a constant in knowledge.go, its
// transfer function in known (calls.go), and a fixture under
// testdata/src/shadowwrite with a rooted path through the call that stays
// quiet and a literal one that is reported.
//
// Adding an idiom rule touches no engine file:
//
//  1. a file rules/NAME.go (the rule's name without dashes) with a type
//     nameRule, a doc comment that says what it decides and
//     where it is unsound (the word "Unsound"), a Name method returning
//     its kebab-case name, and the hook methods it needs (package hook:
//     PhiEdge, EdgeValue, PhiJoin, ReturnValue, BindArg, BindSymbol,
//     CheckValue, SiteValue, SiteReq, ExemptStore, StoreReq, ObjectStore,
//     ExemptCall,
//     Join, Concat, Replace, JoinBase, FieldRead, MadeMap/MapElem,
//     Index/Indexed,
//     OwnsStore, DispatchBinds).
//     The hooks receive a hook.Context; helpers only it uses stay in its
//     file (methods of its type or functions), and state it keeps about
//     the package lives in its fields, with ForPackage returning a fresh
//     instance per package. If it needs a
//     fact on an origin or a requirement, add a tag to the tables in
//     package lattice (tags.go, reqtags.go): ordering, printing, covering
//     and meeting follow from the table;
//  2. one line in rules.All, where its hooks should run relative to the
//     others;
//  3. a fixture testdata/src/rootflow/rules/NAME/*.go with // want and
//     // ok lines that passes with every rule on and fails with this one
//     off: TestRulesOnOff runs it both ways, TestRuleRegistry checks the
//     rest of this list.
//
// recipe_test.go keeps a test-only rule (dash-stdout) that follows these
// steps and runs through the same tests, so the recipe stays true. A rule
// that silences findings must keep the recall suite at 100%.
//
// The standard library is modelled by the knowledge table rather than
// analyzed for requirements.
package rootflow
