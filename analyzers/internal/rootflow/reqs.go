package rootflow

import "github.com/staterootlint/staterootlint/analyzers/internal/lattice"

// A requirement on a symbol (a parameter or a cell) may be weaker than
// "every value must be rooted": the symbol's origin says how the write
// uses it, and the values its callers pass or its stores hold are
// transformed the same way before they are checked.
//   - ReqBelowPaths: a path the user chose is joined below it, at these
//     patterns below its value (projectdir.go);
//   - ReqAbsOnly: it reaches the write only where it is absolute
//     (absguard.go), so relative values do not count;
//   - ReqMapKeys: it is a map whose elements at these keys reach the
//     write (envmap.go).
// Two requirements on one symbol meet (lattice.Meet): a store or argument
// checked under the weaker one is checked again under their meet.

// reqValue returns the value checked against requirement r.
func (e *engine) reqValue(v Origins, r Req) Origins {
	if keys := r.Tags.Set(lattice.ReqMapKeys); len(keys) > 0 {
		parts := make([]Origins, len(keys))
		for i, k := range keys {
			parts[i] = e.mapElems(v, k, r.At)
		}
		v = lattice.Union(parts...)
	}
	if r.Tags.Flag(lattice.ReqAbsOnly) {
		v = absolute(v)
	}
	if below := r.Tags.Set(lattice.ReqBelowPaths); len(below) > 0 {
		parts := make([]Origins, len(below))
		for i, p := range below {
			parts[i] = belowUserAt(v, p)
		}
		v = lattice.Union(parts...)
	}
	return v
}
