package rootflow

import (
	"slices"
	"strings"
	"sync"

	"github.com/staterootlint/staterootlint/analyzers/internal/lattice"
	"golang.org/x/tools/go/analysis"
)

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

// mergeUpstream merges the package facts of the dependencies (index).
func (ix *index) mergeUpstream() *upstream {
	up := &upstream{cellReqs: map[string]Req{}, funcReqs: map[string]map[int]Req{}, parts: map[string][]Origins{}, merged: map[string]Origins{}}
	// facts come in no particular order; the first requirement found for
	// a parameter or cell names the chain in messages, so sort them.
	facts := ix.pass.AllPackageFacts()
	slices.SortFunc(facts, func(a, b analysis.PackageFact) int { return strings.Compare(a.Package.Path(), b.Package.Path()) })
	for _, pf := range facts {
		f, ok := pf.Fact.(*PackageFact)
		if !ok || pf.Package == ix.pass.Pkg {
			continue
		}
		for _, s := range f.Stores {
			up.parts[s.Key] = append(up.parts[s.Key], s.Value)
		}
		for _, r := range f.CellReqs {
			old, had := up.cellReqs[r.Key]
			up.cellReqs[r.Key], _ = lattice.Arrive(old, had, r.Req)
		}
		for _, r := range f.FuncReqs {
			if up.funcReqs[r.Key] == nil {
				up.funcReqs[r.Key] = map[int]Req{}
			}
			old, had := up.funcReqs[r.Key][r.Index]
			up.funcReqs[r.Key][r.Index], _ = lattice.Arrive(old, had, r.Req)
		}
	}
	return up
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
