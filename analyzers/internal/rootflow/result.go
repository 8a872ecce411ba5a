package rootflow

import (
	"go/token"
	"go/types"
	"slices"
	"sync"

	"github.com/staterootlint/staterootlint/analyzers/internal/knowledge"
	"github.com/staterootlint/staterootlint/analyzers/internal/lattice"
)

// Result is what the engine found in one package.
type Result struct {
	// Writes are the write sites in the package, in source order.
	Writes []*Write
	// Findings are the values outside every state root that reach a
	// write, reported where they enter: at the write, at a call passing
	// them to a function that writes them, or at a store into a field or
	// variable that is written.
	Findings []*Finding
	// Reaches maps each function of the package, by key (its full name,
	// types.Func.FullName, or pkg.F$1 for a function literal), to the
	// writes it reaches through its whole call graph, across packages;
	// paths are in terms of the function's parameters.
	Reaches map[string][]Reach
	// Stores maps a cell (field or package variable) to what this package
	// stores into it; stored adds what its dependencies store.
	Stores map[string]Origins
	up     *upstream
	// stdField reports whether a cell is a field of a standard library
	// type (index.foreignField): Concrete does not resolve it to what the
	// program stores into other objects of the type (a health check's
	// url.URL is not a parsed socket URL). Another module's field is
	// resolved to every store, which its setters (stores through calls)
	// fill; the lint's requirements tell its objects apart (propagate).
	stdField func(key string) bool
	// Bases maps each path the package builds on the home or config
	// directory or an environment variable (with filepath.Join and the
	// like, at its opening parenthesis; with +, at the operator) to the
	// origins of what it is built on: adhocroot's input.
	Bases map[token.Pos]Origins
	// DotPaths maps each path the package builds with a join onto a
	// literal relative to the working directory whose first element is
	// a dot-name ("./.apprc", ".app/x") to the built path's origins:
	// init's view of a resolver that also looks in the project
	// (bases.go). adhocroot does not read it.
	DotPaths map[token.Pos]Origins
	// EnvCalls maps each function the package calls that reads the
	// environment variable an argument names (os.Getenv, an env helper of
	// this package or another) to those arguments' indices, the receiver
	// not counted: rootenv's input (envhelpers.go).
	EnvCalls map[*types.Func][]int
	// Config is the configuration the engine ran with.
	Config *Config
	// Authorities are the program's own authorities (authorities.go),
	// named in the findings' advice; set when there are findings.
	Authorities []AuthorityRef

	// cells memoizes Concrete's resolution of each cell, by key and
	// depth: the analyzers that read the result ask for the same cells
	// many times, possibly at once.
	cellsMu sync.Mutex
	cells   map[cellDepth]Origins
}

// cellDepth names a cell resolved with depth levels of stores left.
type cellDepth struct {
	key   string
	depth int
}

// Concrete replaces the Cell origins of v by what is stored into the cells,
// so a path kept in a struct field shows its root kind and pattern.
func (r *Result) Concrete(v Origins) Origins {
	return r.concrete(v, maxResolve)
}

func (r *Result) concrete(v Origins, depth int) Origins {
	return v.Map(func(a Origin) Origins {
		if a.Kind != Cell || depth == 0 {
			return Origins{a}
		}
		a.SetText(lattice.Of, "") // the field of whichever object (ctors.go)
		a.SetNum(lattice.Obj, 0)
		a.SetText(lattice.Through, "")
		if r.stdField != nil && r.stdField(a.Key) {
			return Origins{{Kind: Bad, Cause: knowledge.CauseUnproven, Why: "the field of a " + typeOfCell(a.Key) + " the analysis cannot tie to where it was made (a type the program does not own)", At: a.At}}
		}
		stored, ok := r.concreteCell(a.Key, depth)
		if !ok {
			return Origins{a}
		}
		return stored.Map(func(b Origin) Origins { return Origins{b.Extend(a.Path, a.Raw, b.At)} })
	})
}

// stored returns what this package and its dependencies store into cell
// key; ok is false when none does.
func (r *Result) stored(key string) (Origins, bool) {
	var upstream Origins
	var upOK bool
	if r.up != nil {
		upstream, upOK = r.up.store(key)
	}
	own, ownOK := r.Stores[key]
	if !upOK && !ownOK {
		return nil, false
	}
	return lattice.Union(upstream, own), true
}

// concreteCell is what cell key holds, its own cells resolved with depth-1
// levels left; ok false when nothing is stored into it.
func (r *Result) concreteCell(key string, depth int) (Origins, bool) {
	stored, ok := r.stored(key)
	if !ok {
		return nil, false
	}
	k := cellDepth{key, depth}
	r.cellsMu.Lock()
	v, done := r.cells[k]
	r.cellsMu.Unlock()
	if done {
		return v, true
	}
	v = r.concrete(stored, depth-1)
	r.cellsMu.Lock()
	if r.cells == nil {
		r.cells = map[cellDepth]Origins{}
	}
	r.cells[k] = v
	r.cellsMu.Unlock()
	return v, true
}

// Write is one filesystem write site.
type Write struct {
	Pos  token.Pos
	Op   string  // "os.WriteFile", or a configured sink
	Func string  // the key of the function containing it
	Path Origins // origins of the written path
}

// Site says where a finding is reported.
type Site uint8

// The sites of a finding.
const (
	AtWrite Site = iota // the value reaches the write directly
	AtCall              // the value is passed to a function that writes it
	AtStore             // the value is stored into a cell that is written
)

// Finding is a value outside every state root that reaches a write.
type Finding struct {
	Pos    token.Pos
	Site   Site
	Op     string // the write (AtWrite), the callee (AtCall) or the cell (AtStore)
	Origin Origin // the offending origin
	Reach  Req    // AtCall, AtStore: the write it reaches
}

// AuthorityRef is a state-root authority the program declares: configured,
// or marked //staterootlint:authority in the package or a dependency.
type AuthorityRef struct {
	Name string // "example.com/app/internal/paths.StateDir", "(*pkg.T).M"
	Kind string // the root kind: "repo", "global", "state", ...
}

// upstream is the package facts of the dependencies, merged. Requirements
// are merged when the package starts; what the dependencies store into
// each cell is merged only when the cell is asked for, since a package
// reads a few of the many cells its dependencies store into (on a
// Kubernetes client, merging them all in every package was a third of the
// run). Each cell's stores are folded in the order of the facts, sorted by
// package path, so the merge is the same whichever cells are asked for
// and in what order. Result.Concrete reads it from the analyzers, possibly
// at once: the merge is guarded.
type upstream struct {
	cellReqs map[string]Req
	funcReqs map[string]map[int]Req

	mu     sync.Mutex
	parts  map[string][]Origins // per cell, each dependency's stores, in fact order
	merged map[string]Origins   // per cell asked for, the parts' union
}

// store returns what the dependencies store into cell key; ok is false
// when none does.
func (up *upstream) store(key string) (v Origins, ok bool) {
	up.mu.Lock()
	defer up.mu.Unlock()
	if v, ok := up.merged[key]; ok {
		return v, true
	}
	parts, ok := up.parts[key]
	if !ok {
		return nil, false
	}
	for _, p := range parts {
		v = lattice.Union(v, p)
	}
	up.merged[key] = v
	return v, true
}

// storedParams returns, sorted, the cells some dependency stores a
// parameter of one of the functions want names into: the only cells whose
// stores a call in this package can resolve further (storesThroughCalls).
// Merging keeps every parameter origin (widening changes patterns and
// positions, and drops only outside origins), so no other cell's merged
// value holds one.
func (up *upstream) storedParams(want func(key string) bool) []string {
	var out []string
	for key, parts := range up.parts {
		if slices.ContainsFunc(parts, func(v Origins) bool {
			return slices.ContainsFunc(v, func(a Origin) bool { return a.Kind == Param && want(a.Key) })
		}) {
			out = append(out, key)
		}
	}
	slices.Sort(out)
	return out
}
