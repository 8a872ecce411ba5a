package lattice

import (
	"go/token"
	"slices"
	"strings"
)

// MaxOrigins bounds a value's size; past it, Normalize widens the
// patterns, then forgets positions, then keeps one outside origin.
const MaxOrigins = 12

// Origins is the set of possible origins of a value, sorted by Compare,
// without duplicates. A nil Origins is "nothing known yet" (bottom); an
// empty non-nil one is "no origin" (a value that carries no path).
type Origins []Origin

// Union returns the set union of the values (the lattice's join). Values
// are kept sorted, so this is a merge, with fast paths for the common
// empty and equal cases.
func Union(vs ...Origins) Origins {
	var out Origins
	for _, v := range vs {
		switch {
		case len(v) == 0:
		case len(out) == 0:
			out = v
		case out.Equal(v):
		case len(out) <= MaxOrigins && includes(out, v):
			// merge would copy out and add nothing (a fixpoint's
			// common case): out as it is.
		default:
			out = merge(out, v)
		}
	}
	return out
}

// Add returns Union(acc, v), reusing acc's array: for an accumulator
// the caller owns and no one else holds (a union folded over many
// values, most of one origin), where Union would copy the accumulator
// at each step. acc must be a value Add or Union returned, or nil.
func Add(acc, v Origins) Origins {
	switch {
	case len(v) == 0:
		return acc
	case len(acc) == 0:
		return append(Origins(nil), v...)
	case len(v) > 4:
		return Union(acc, v)
	}
	grew := false
	for _, o := range v {
		i, found := slices.BinarySearchFunc(acc, o, Compare)
		if !found {
			acc, grew = slices.Insert(acc, i, o), true
		}
	}
	if grew && len(acc) > MaxOrigins {
		return Normalize(acc)
	}
	return acc
}

// includes reports whether sorted, duplicate-free a holds every origin
// of sorted, duplicate-free b.
func includes(a, b Origins) bool {
	if len(b) > len(a) {
		return false
	}
	i := 0
	for _, o := range b {
		for i < len(a) && Compare(a[i], o) < 0 {
			i++
		}
		if i == len(a) || Compare(a[i], o) != 0 {
			return false
		}
		i++
	}
	return true
}

// merge merges two sorted, duplicate-free values.
func merge(a, b Origins) Origins {
	out := make(Origins, 0, len(a)+len(b))
	i, j := 0, 0
	for i < len(a) && j < len(b) {
		switch c := Compare(a[i], b[j]); {
		case c < 0:
			out = append(out, a[i])
			i++
		case c > 0:
			out = append(out, b[j])
			j++
		default:
			out = append(out, a[i])
			i, j = i+1, j+1
		}
	}
	out = append(append(out, a[i:]...), b[j:]...)
	if len(out) > MaxOrigins {
		return Normalize(out)
	}
	return out
}

// Normalize sorts out, drops duplicates and widens it to at most
// MaxOrigins: first the patterns below each origin become "**", then
// positions are forgotten, then (many distinct outside origins, a switch
// over literals) only the first outside origin is kept: one is enough to
// report the value. Each step only merges origins, so widening
// terminates.
func Normalize(out Origins) Origins {
	if len(out) < 2 {
		return out
	}
	if !slices.IsSortedFunc(out, Compare) {
		slices.SortFunc(out, Compare) // most sets arrive sorted: a Map that keeps the order
	}
	out = slices.Compact(out)
	if len(out) > MaxOrigins {
		// Each step re-sorts only what it changed: a value that was
		// widened before (a fixpoint adding to one) changes in one place.
		changed := false
		for i := range out {
			if w := widen(out[i].Path); w != out[i].Path {
				out[i].Path, changed = w, true
			}
		}
		if changed {
			out = sortCompact(out)
		}
		if len(out) > MaxOrigins {
			changed = false
			for i := range out {
				if out[i].At != (token.Position{}) {
					out[i].At, changed = token.Position{}, true
				}
			}
			if changed {
				out = sortCompact(out)
			}
		}
		if len(out) > MaxOrigins {
			if i := slices.IndexFunc(out, func(a Origin) bool { return a.Kind == Bad }); i >= 0 {
				out = out[:i+1]
			}
		}
	}
	return out
}

// sortCompact sorts out unless it is sorted and drops duplicates.
func sortCompact(out Origins) Origins {
	if !slices.IsSortedFunc(out, Compare) {
		slices.SortFunc(out, Compare)
	}
	return slices.Compact(out)
}

func widen(p string) string {
	if p == "" {
		return ""
	}
	return "**"
}

// Equal reports whether the two values hold the same origins.
func (v Origins) Equal(w Origins) bool { return slices.Equal(v, w) }

// Has reports whether v holds an origin of kind k.
func (v Origins) Has(k Kind) bool {
	return slices.ContainsFunc(v, func(a Origin) bool { return a.Kind == k })
}

// Without returns v without the origins of kind k.
func (v Origins) Without(k Kind) Origins {
	if !v.Has(k) {
		return v
	}
	out := make(Origins, 0, len(v))
	for _, a := range v {
		if a.Kind != k {
			out = append(out, a)
		}
	}
	if len(out) == 0 {
		return Origins{}
	}
	return out
}

// Map applies f to each origin and returns the union of the results.
func (v Origins) Map(f func(Origin) Origins) Origins {
	if len(v) == 0 {
		return nil
	}
	out := make(Origins, 0, len(v))
	for _, a := range v {
		out = append(out, f(a)...)
	}
	return Normalize(out)
}

// String renders the set for facts and tests: "{repo:logs, param0/x}".
func (v Origins) String() string {
	parts := make([]string, len(v))
	for i, a := range v {
		parts[i] = a.String()
	}
	return "{" + strings.Join(parts, ", ") + "}"
}
