package rootflow

import "slices"

// A requirement on a symbol (a parameter or a cell) may be weaker than
// "every value must be rooted": the symbol's origin says how the write
// uses it, and the values its callers pass or its stores hold are
// transformed the same way before they are checked.
//   - UserBelow: a path the user chose is joined below it, at BelowPaths
//     below its value (projectdir.go);
//   - AbsOnly: it reaches the write only where it is absolute
//     (absguard.go), so relative values do not count.
// Two requirements on one symbol meet: a store or argument checked under
// the weaker one is checked again under their meet.

// symbolReq returns r for the requirement on the symbolic origin a.
func symbolReq(r Req, a Origin) Req {
	r.UserBelow, r.BelowPaths, r.AbsOnly = a.UserBelow, nil, a.AbsOnly
	if a.UserBelow {
		r.BelowPaths = []string{a.BelowPath}
	}
	return r
}

// reqValue returns the value checked against requirement r.
func reqValue(v Origins, r Req) Origins {
	if r.AbsOnly {
		v = absolute(v)
	}
	if r.UserBelow {
		parts := make([]Origins, len(r.BelowPaths))
		for i, p := range r.BelowPaths {
			parts[i] = belowUserAt(v, p)
		}
		v = union(parts...)
	}
	return v
}

// covers reports whether requirement old already checks everything r
// would: it is no weaker in any respect.
func covers(old, r Req) bool {
	below := !old.UserBelow || r.UserBelow && subset(r.BelowPaths, old.BelowPaths)
	return below && (!old.AbsOnly || r.AbsOnly) && (!old.Aliased || r.Aliased)
}

// meet returns the requirement that checks everything old and r check: a
// transform applies only when both apply it, and the user's element must
// be the user's base at every place either names (up to maxBelowPaths).
func meet(old, r Req) Req {
	if r.UserBelow && old.UserBelow {
		paths := append(slices.Clone(old.BelowPaths), r.BelowPaths...)
		slices.Sort(paths)
		r.BelowPaths = slices.Compact(paths)
	}
	if !r.UserBelow || !old.UserBelow || len(r.BelowPaths) > maxBelowPaths {
		r.UserBelow, r.BelowPaths = false, nil
	}
	r.AbsOnly = r.AbsOnly && old.AbsOnly
	r.Aliased = r.Aliased && old.Aliased
	return r
}

// subset reports whether every element of sorted a is in sorted b.
func subset(a, b []string) bool {
	for _, s := range a {
		if _, found := slices.BinarySearch(b, s); !found {
			return false
		}
	}
	return true
}
