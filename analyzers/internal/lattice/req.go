package lattice

import (
	"cmp"
	"go/token"
	"slices"
	"strings"
)

// Hop is one step between a value and the write it reaches: a function
// it is passed to or a field or variable it is stored into, and where.
type Hop struct {
	Name string         // "store.Save", "field config.Config.LogDir"
	Pos  token.Position // the call or store; zero when not known
	// Object says a field hop is a store into one object the analysis
	// follows (a new object, a constructor's), not into the field of
	// every object of the type.
	Object bool
}

// String returns the hop's name.
func (h Hop) String() string { return h.Name }

// HopNames returns the names of the hops, for messages.
func HopNames(hops []Hop) []string {
	out := make([]string, len(hops))
	for i, h := range hops {
		out[i] = h.Name
	}
	return out
}

// Req is a requirement: the value reaching a parameter or a cell must be
// derived from a state root, because it flows into a write. Op, At and
// Via are its provenance; Tags are transforms that say how the write uses
// the value (reqtags.go), which may make the requirement weaker than
// "every value must be rooted".
type Req struct {
	Op   string         // the write it reaches, e.g. "os.WriteFile"
	At   token.Position // where that write is
	Via  []Hop          // the functions and cells between, outermost first
	Tags ReqTags
	// Also are the other writes the requirement stands for, after
	// requirements of several writes met at one symbol (Meet): each a hop
	// named by its operation, at the write, the lowest positions first,
	// at most MaxAlso. Provenance only: it changes no check. A
	// requirement that arrives where another already checks all it would
	// (Arrive) changes nothing and is not named.
	Also []Hop
}

// MaxAlso bounds the other writes a requirement names (Req.Also).
const MaxAlso = 3

// String renders a requirement for facts: "os.WriteFile", or
// "save→os.WriteFile" through the hops between, followed by its tags in
// brackets when it has some: "os.WriteFile[abs-only]".
func (r Req) String() string {
	s := strings.Join(append(HopNames(r.Via), r.Op), "→")
	if t := r.Tags.String(); t != "" {
		s += "[" + t + "]"
	}
	return s
}

// On returns r as the requirement on the symbolic origin a (a parameter or
// cell whose value reaches the write): its symbol transforms (user's
// element below, map keys, absolute only) become the ones a's tags say the
// write applies to the symbol's value; the others are kept.
func (r Req) On(a Origin) Req {
	var below, keys []string
	if a.Flag(UserBelow) {
		below = []string{a.TextOf(BelowPath)}
	}
	if k := a.TextOf(MapKey); k != "" {
		keys = []string{k}
	}
	r.Tags.SetSet(ReqBelowPaths, below)
	r.Tags.SetSet(ReqMapKeys, keys)
	r.Tags.SetFlag(ReqAbsOnly, a.Flag(AbsOnly))
	r.Tags.SetSet(ReqMadeDirs, madeBelow(a, r.Tags.Set(ReqMadeDirs)))
	r.Tags.SetSet(ReqRawTails, rawTails(a, r.Tags.Set(ReqRawTails)))
	climbs := climbsBelow(a, r.Tags.Set(ReqClimbs))
	if len(r.Tags.Set(ReqMadeDirs)) > 0 {
		// Making an ancestor of a rooted value creates nothing making
		// the root would not: only a climb that names something counts.
		climbs = slices.DeleteFunc(climbs, ClimbsOnly)
	}
	r.Tags.SetSet(ReqClimbs, climbs)
	if below := r.Tags.Set(ReqAllowedBelow); len(below) > 0 {
		if a.Raw {
			r.Tags.SetAllowed(nil, false) // a concatenated segment: no pattern to join
		} else {
			joined := make([]string, len(below))
			for i, b := range below {
				joined[i] = joinBelow(a.Path, b)
			}
			r.Tags.SetSet(ReqAllowedBelow, joined)
		}
	}
	switch {
	case dynamicStart(a.Path) && !a.Flag(NonEmptyOnly):
		r.Tags.SetFlag(ReqNamedBelow, true)
	case a.Path != "" && !a.Raw:
		r.Tags.SetFlag(ReqNamedBelow, false) // a name of its own comes first
	}
	return r
}

// madeBelow returns the patterns below the symbol of origin a of the
// directories the writes make (ReqMadeDirs), made below a's value: a's
// own pattern with each appended. A concatenated segment has none.
func madeBelow(a Origin, made []string) []string {
	if len(made) == 0 || a.Raw {
		return nil
	}
	out := make([]string, len(made))
	for i, b := range made {
		out[i] = CleanPattern(JoinPattern(a.Path, b))
	}
	return out
}

// rawTails returns the texts appended without a separator to the symbol
// of origin a (ReqRawTails): a's own concatenated pattern, followed by
// each the write appends to a's value; none once a names a path below
// the symbol (a rooted value's file, whose sibling stays inside).
func rawTails(a Origin, tails []string) []string {
	switch {
	case a.Path == "":
		return tails
	case !a.Raw:
		return nil
	case len(tails) == 0:
		return []string{a.Path}
	}
	out := make([]string, len(tails))
	for i, t := range tails {
		out[i] = a.Path + t
		if len(out[i]) > maxRawTail {
			// A recursion that appends each round: keep the first
			// bytes, so the text stops changing.
			out[i] = out[i][:maxRawTail] + "*"
		}
	}
	return out
}

// maxRawTail bounds the text a requirement keeps of what is appended
// without a separator (any text makes a root's sibling).
const maxRawTail = 32

// climbsBelow returns the climbing patterns the symbol of origin a must
// stay rooted with: a's own pattern when it climbs (Join(p, "..")), and
// each pattern the write appends to a's value (climbs) after a's own.
func climbsBelow(a Origin, climbs []string) []string {
	if a.Raw {
		return nil // a concatenated segment: no separator to climb with
	}
	var out []string
	if Climbs(a.Path) {
		out = append(out, a.Path)
	}
	for _, c := range climbs {
		if p := CleanPattern(JoinPattern(a.Path, c)); Climbs(p) {
			out = append(out, p)
		}
	}
	return out
}

// WithSymbolTransforms returns r with the symbol transforms of t (user's
// element below, map keys, absolute only, climbs, the directories made
// and the texts appended below it): how a symbol's value is used,
// not which write it reaches.
func (r Req) WithSymbolTransforms(t Req) Req {
	r.Tags.SetSet(ReqBelowPaths, t.Tags.Set(ReqBelowPaths))
	r.Tags.SetSet(ReqMapKeys, t.Tags.Set(ReqMapKeys))
	r.Tags.SetFlag(ReqAbsOnly, t.Tags.Flag(ReqAbsOnly))
	r.Tags.SetSet(ReqClimbs, t.Tags.Set(ReqClimbs))
	r.Tags.SetSet(ReqMadeDirs, t.Tags.Set(ReqMadeDirs))
	r.Tags.SetSet(ReqRawTails, t.Tags.Set(ReqRawTails))
	return r
}

// For returns r as a requirement on cell (or, with "", on a symbol that
// is no cell): a guard names the record field of one cell, so it is
// dropped on any other.
func (r Req) For(cell string) Req {
	if c, f := r.Tags.Guard(); f != "" && c != cell {
		r.Tags.SetGuard("", "")
	}
	return r
}

// Covers reports whether requirement old already checks everything r
// would: it is no weaker in any respect (each tag by its policy).
func Covers(old, r Req) bool {
	for t := range numReqTags {
		if !reqTagDefs[t].covers(old.Tags, r.Tags, t) {
			return false
		}
	}
	return true
}

// Meet returns the requirement that checks everything old and r check:
// each tag meets by its policy. The provenance (Op, At, Via) is that of
// the side that alone is as strict as the meet (the write that makes the
// requirement what it is), and of the lower of the two (ComparePos, then
// the write and the hops) when neither or both are; so the meet does not
// depend on the order the requirements arrive in.
func Meet(old, r Req) Req {
	out := r
	switch oc, rc := Covers(old, r), Covers(r, old); {
	case oc && !rc:
		out = old
	case rc && !oc:
	case compareProvenance(old, r) < 0:
		out = old
	}
	out.Tags = ReqTags{}
	for t := range numReqTags {
		reqTagDefs[t].meet(&out.Tags, old.Tags, r.Tags, t)
	}
	out.Also = alsoWrites(out, old, r)
	return out
}

// alsoWrites returns the writes old and r stand for, other than out's
// own: deduplicated, ordered by position then operation, at most MaxAlso.
func alsoWrites(out, old, r Req) []Hop {
	var all []Hop
	for _, q := range []Req{old, r} {
		all = append(all, Hop{Name: q.Op, Pos: q.At})
		all = append(all, q.Also...)
	}
	own := Hop{Name: out.Op, Pos: out.At}
	all = slices.DeleteFunc(all, func(h Hop) bool { return h == own })
	slices.SortFunc(all, func(x, y Hop) int {
		return cmp.Or(ComparePos(x.Pos, y.Pos), strings.Compare(x.Name, y.Name))
	})
	all = slices.Compact(all)
	if len(all) > MaxAlso {
		all = all[:MaxAlso]
	}
	if len(all) == 0 {
		return nil
	}
	return all
}

// compareProvenance orders requirements by where their write is, then by
// the write and the hops.
func compareProvenance(a, b Req) int {
	if c := ComparePos(a.At, b.At); c != 0 {
		return c
	}
	if c := strings.Compare(a.Op, b.Op); c != 0 {
		return c
	}
	return slices.CompareFunc(a.Via, b.Via, func(x, y Hop) int {
		return cmp.Or(strings.Compare(x.Name, y.Name), ComparePos(x.Pos, y.Pos))
	})
}

// Arrive returns the requirement to record where r arrives at a symbol
// that already has old (when had): false when old checks everything r
// would, else their meet, which has the symbol's values checked again.
func Arrive(old Req, had bool, r Req) (Req, bool) {
	switch {
	case !had:
		return r, true
	case Covers(old, r):
		return old, false
	}
	// A bounded tag (MaxClimbs) may drop what r adds: the meet is then
	// old again, and nothing changed (else a recursion that deepens a
	// climb each round would arrive forever).
	if m := Meet(old, r); !Covers(old, m) {
		return m, true
	}
	return old, false
}
