package rootflow

import (
	"slices"
	"strings"
)

// escapingClosures returns the results of the package's function literals
// named by the Func origins of the package's summaries and stores (and of
// those literals' own results), sorted by key.
func (e *engine) escapingClosures() []ClosureResults {
	var out []ClosureResults
	seen := map[string]bool{}
	var visit func(v Origins)
	visit = func(v Origins) {
		for _, a := range v {
			if a.Kind != Func || seen[a.Key] {
				continue
			}
			seen[a.Key] = true
			fn := e.byKey[a.Key]
			if fn == nil || fn.Parent() == nil || !e.local(fn) || !slices.ContainsFunc(e.results[fn], func(r Origins) bool { return len(r) > 0 }) {
				continue
			}
			out = append(out, ClosureResults{Key: a.Key, Results: e.results[fn]})
			for _, r := range e.results[fn] {
				visit(r)
			}
		}
	}
	for _, fn := range e.funcs {
		if fn.Parent() == nil {
			for _, r := range e.results[fn] {
				visit(r)
			}
		}
	}
	for _, k := range sortedKeys(e.stores) {
		visit(e.stores[k])
	}
	slices.SortFunc(out, func(a, b ClosureResults) int { return strings.Compare(a.Key, b.Key) })
	return out
}
