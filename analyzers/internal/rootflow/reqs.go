package rootflow

import "slices"

// A requirement on a symbol (a parameter or a cell) may be weaker than
// "every value must be rooted": the symbol's origin says how the write
// uses it, and the values its callers pass or its stores hold are
// transformed the same way before they are checked.
//   - UserBelow: a path the user chose is joined below it, at BelowPaths
//     below its value (projectdir.go);
//   - AbsOnly: it reaches the write only where it is absolute
//     (absguard.go), so relative values do not count;
//   - MapKeys: it is a map whose elements at these keys reach the write
//     (envmap.go).
// Two requirements on one symbol meet: a store or argument checked under
// the weaker one is checked again under their meet.

// symbolReq returns r for the requirement on the symbolic origin a.
func symbolReq(r Req, a Origin) Req {
	var t Req
	t.UserBelow, t.AbsOnly = a.UserBelow, a.AbsOnly
	if a.UserBelow {
		t.BelowPaths = []string{a.BelowPath}
	}
	if a.MapKey != "" {
		t.MapKeys = []string{a.MapKey}
	}
	return withTransforms(r, t)
}

// withTransforms returns r with the transforms of t, the ones listed
// above: how the symbol's value is used, not which write it reaches.
func withTransforms(r, t Req) Req {
	r.UserBelow, r.BelowPaths, r.AbsOnly, r.MapKeys = t.UserBelow, t.BelowPaths, t.AbsOnly, t.MapKeys
	return r
}

// reqValue returns the value checked against requirement r.
func (e *engine) reqValue(v Origins, r Req) Origins {
	if len(r.MapKeys) > 0 {
		parts := make([]Origins, len(r.MapKeys))
		for i, k := range r.MapKeys {
			parts[i] = e.mapElems(v, k, r.At)
		}
		v = union(parts...)
	}
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

// arrive returns the requirement to record where r arrives at a symbol
// that already has old (when had): false when old checks everything r
// would, else their meet, which has the symbol's values checked again.
func arrive(old Req, had bool, r Req) (Req, bool) {
	switch {
	case !had:
		return r, true
	case covers(old, r):
		return old, false
	}
	return meet(old, r), true
}

// covers reports whether requirement old already checks everything r
// would: it is no weaker in any respect.
func covers(old, r Req) bool {
	below := !old.UserBelow || r.UserBelow && subset(r.BelowPaths, old.BelowPaths)
	keys := len(old.MapKeys) == 0 || len(r.MapKeys) > 0 && subset(r.MapKeys, old.MapKeys)
	return below && keys && (!old.AbsOnly || r.AbsOnly) && (!old.Aliased || r.Aliased)
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
	r.MapKeys = mergeKeys(old.MapKeys, r.MapKeys)
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

// mergeKeys is the union of two requirements' map keys: the elements at
// every key either names reach the write (up to maxMapKeys; past it, or
// when one of them is on the whole value, none: the value is checked as
// it is, which reports a map of the environment as such).
func mergeKeys(a, b []string) []string {
	if len(a) == 0 || len(b) == 0 {
		return nil
	}
	keys := append(slices.Clone(a), b...)
	slices.Sort(keys)
	keys = slices.Compact(keys)
	if len(keys) > maxMapKeys {
		return nil
	}
	return keys
}
