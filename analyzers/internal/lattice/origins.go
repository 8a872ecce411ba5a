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
		default:
			out = merge(out, v)
		}
	}
	return out
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
		for i := range out {
			out[i].Path = widen(out[i].Path)
		}
		slices.SortFunc(out, Compare)
		out = slices.Compact(out)
		if len(out) > MaxOrigins {
			for i := range out {
				out[i].At = token.Position{}
			}
			slices.SortFunc(out, Compare)
			out = slices.Compact(out)
		}
		if len(out) > MaxOrigins {
			if i := slices.IndexFunc(out, func(a Origin) bool { return a.Kind == Bad }); i >= 0 {
				out = out[:i+1]
			}
		}
	}
	return out
}

func widen(p string) string {
	if p == "" {
		return ""
	}
	return "**"
}

// Equal reports whether the two values hold the same origins.
func (v Origins) Equal(w Origins) bool { return slices.Equal(v, w) }

// Without returns v without the origins of kind k.
func (v Origins) Without(k Kind) Origins {
	if !slices.ContainsFunc(v, func(a Origin) bool { return a.Kind == k }) {
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
