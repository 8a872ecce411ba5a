package rootflow

import (
	"golang.org/x/tools/go/ssa"
)

// A join stored back in place: t.dir = Join(base, t.dir). The element
// right after the base is what the cell held, and what is stored into the
// cell reaches a write only through the cell: every other store into it
// is checked on its own by the requirement on the cell (a literal of the
// program's own stored there is reported at that store). So the element
// needs no proof that it is the user's, which the element test
// (userChosen) often cannot give when the cell is filled by a
// constructor's parameter or by a caller in another package: the base is
// the user's base there (rules/projectdir.go), and the base itself is still
// checked (a directory of the program's own, Join(wd, ".steps"), stays
// reported). The one case it lets pass is an element that is an allowed
// absolute path (a temp or rooted dir stored into the cell) put below the
// working directory by a join that does not keep absolute paths.
//
// The cell is a property of the call alone (its referrers), so the memo
// of values stays sound: e.into is set while a call whose every use is a
// store into one cell is computed, and cleared for the values it reads.

// computeInto computes v with e.into set to the cell v is stored into in
// place, if any.
func (e *engine) computeInto(v ssa.Value) Origins {
	saved := e.into
	e.into = e.intoCell(v)
	defer func() { e.into = saved }()
	return e.compute(v)
}

// intoCell returns the cell every use of the call v (or of one result of
// a call, dir, err = ...) stores it into, or "".
func (ix *index) intoCell(v ssa.Value) string {
	switch v := v.(type) {
	case *ssa.Call:
	case *ssa.Extract:
		if _, ok := v.Tuple.(*ssa.Call); !ok {
			return ""
		}
	default:
		return ""
	}
	refs := v.Referrers()
	if refs == nil || len(*refs) == 0 {
		return ""
	}
	key := ""
	for _, r := range *refs {
		st, ok := r.(*ssa.Store)
		if !ok || st.Val != v {
			return ""
		}
		k := ix.cellOf(st.Addr)
		if k == "" || key != "" && k != key {
			return ""
		}
		key = k
	}
	return key
}

// inPlace reports whether the element el is the cell the join being
// computed is stored back into (or empty).
func (e *engine) inPlace(el Origins) bool {
	if e.into == "" {
		return false
	}
	found := false
	for _, a := range el {
		switch {
		case a.Kind == Empty:
		case a.Kind == Cell && a.Key == e.into && a.Path == "" && !a.Raw:
			found = true
		default:
			return false
		}
	}
	return found
}
