package rootflow

// The engine's bounds, in one place. Each keeps pathological code from
// running away; none may make a finding vanish in silence: where one is
// hit, the value, summary or reach concerned gains an origin or an
// unproven reach that says the analysis gave up (CauseLimit), which the
// analyzers report like any other.
const (
	// maxSteps bounds the evaluation work per package round; past it,
	// values are "too complex for the analysis to follow".
	maxSteps = 2_000_000

	// maxEvalIterations bounds the re-evaluations of a value on a cycle
	// (a phi in a loop) before its last value is kept.
	maxEvalIterations = 5

	// maxSummaryRounds bounds the rounds of a recursive component's (and
	// the whole package's) summary fixpoint; widenAfterRounds is when new
	// patterns start being widened to "**" so recursion converges.
	maxSummaryRounds = 12
	widenAfterRounds = 2

	// maxReachRounds bounds the rounds of a recursive component's reach
	// fixpoint (and of its calls of func parameters, sinkvalue.go).
	maxReachRounds = 12

	// maxStoreRounds bounds the resolution of constructor parameters kept
	// in fields (New(dir) *Store{root: dir}) through chains of calls.
	maxStoreRounds = 3

	// The lattice's own bounds are in package lattice: MaxOrigins (a
	// value's size; past it, patterns are widened, then positions
	// forgotten, then all but one outside origin dropped), MaxSegments (a
	// pattern's depth), MaxBelowPaths and MaxMapKeys (a requirement's
	// transforms).

	// maxResolve bounds how many cells deep Result.Concrete follows stores.
	maxResolve = 4

	// maxReaches bounds the writes recorded per function; past it, one
	// unproven reach says the list was cut.
	maxReaches = 64

	// maxUnproven bounds the unproven reaches recorded per function (calls
	// the analysis cannot follow, below it); past it, one more says the
	// list was cut. They are what a summary would otherwise carry most of:
	// a logger's interface method called with a string is unproven in
	// every function above it.
	maxUnproven = 8

	// maxChain bounds the hops a reach keeps of the calls between a
	// function and its write; past it, the calls between the first hops
	// and the last are one hop named "…" (the write's position stays).
	maxChain = 8

	// maxImplementations bounds the implementations an interface call
	// dispatches to; past it, the call's result is a value the analysis
	// cannot follow, which is reported.
	maxImplementations = 8

	// maxObjectHops bounds the constructors followed back from an object
	// whose field a callee requires to where it is allocated (ctors.go);
	// past it, the field of every object is required.
	maxObjectHops = 4

	// maxUserCells bounds the fields and variables read through to decide
	// whether a path element is the user's choice (rules/projectdir.go); past
	// it, the element is not, and the base below it stays reported.
	maxUserCells = 8
)
