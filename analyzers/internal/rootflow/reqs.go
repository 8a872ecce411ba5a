package rootflow

// A requirement on a symbol (a parameter or a cell) may be weaker than
// "every value must be rooted": the symbol's origin says how the write
// uses it, and the values its callers pass or its stores hold are
// transformed the same way before they are checked.
//   - UserBelow: a path the user chose is joined below it (projectdir.go);
//   - AbsOnly: it reaches the write only where it is absolute
//     (absguard.go), so relative values do not count.
// Two requirements on one symbol meet: a store or argument checked under
// the weaker one is checked again under their meet.

// symbolReq returns r for the requirement on the symbolic origin a.
func symbolReq(r Req, a Origin) Req {
	r.UserBelow, r.AbsOnly = a.UserBelow, a.AbsOnly
	return r
}

// reqValue returns the value checked against requirement r.
func reqValue(v Origins, r Req) Origins {
	if r.AbsOnly {
		v = absolute(v)
	}
	if r.UserBelow {
		v = belowUser(v)
	}
	return v
}

// covers reports whether requirement old already checks everything r
// would: it is no weaker in any respect.
func covers(old, r Req) bool {
	return (!old.UserBelow || r.UserBelow) && (!old.AbsOnly || r.AbsOnly)
}

// meet returns r weakened no further than old: a transform applies only
// when both apply it.
func meet(old, r Req) Req {
	r.UserBelow = r.UserBelow && old.UserBelow
	r.AbsOnly = r.AbsOnly && old.AbsOnly
	return r
}
