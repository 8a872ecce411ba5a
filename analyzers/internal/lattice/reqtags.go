package lattice

import (
	"slices"
	"strconv"
	"strings"
)

// ReqTag names one transform a requirement carries: how the write uses the
// value of the symbol it is on. Each has a policy that decides covering
// and meeting (reqTagDefs), so Covers and Meet handle every tag alike.
type ReqTag uint8

// The requirement tags.
const (
	// ReqBelowPaths: a path the user chose is joined below the value at
	// the write, at these patterns below it (Origin tags UserBelow and
	// BelowPath); the value must be the user's base at each. Empty: no
	// such join.
	ReqBelowPaths ReqTag = iota
	// ReqMapKeys: the value is a map whose elements at these constant
	// keys reach the write (Origin tag MapKey); empty for a value that is
	// not a map, or when every element counts.
	ReqMapKeys
	// ReqGuard: "CELL#FLAG", on a requirement on cell CELL, names a
	// boolean field FLAG of the same record that is true wherever the
	// write runs: stores into records built with it false are exempt.
	ReqGuard
	// ReqAbsOnly: the value reaches the write only where it is an
	// absolute path: relative values stored into the cell do not count.
	ReqAbsOnly
	// ReqAliased: on a requirement on a cell, only the stores into it
	// through other pointers than a new object count: the new objects are
	// followed to the reads that require them.
	ReqAliased
	// ReqEmptyTemp: an empty path means os.TempDir at the write
	// (os.CreateTemp's dir).
	ReqEmptyTemp
	// ReqClimbs: the write's path is the value with one of these
	// patterns appended, each of which climbs above it ("..",
	// "../x"): a rooted value must stay rooted with each appended. A
	// strengthening set: a meet keeps every pattern either side has.
	ReqClimbs
	// ReqObjects: on a requirement on a function's parameter, the
	// arguments (SSA indices, the receiver first) that are objects the
	// function stores the parameter into without handing them on (a
	// setter's l.Path = p): the requirement holds at a call only where one
	// of them may be seen outside the caller. A call that passes only the
	// caller's own objects, which never reach a write, is exempt. Empty:
	// every call.
	ReqObjects
	// ReqNamedBelow: the write appends below the value a name the
	// analysis does not spell (Join(v, name), name unknown): where the
	// value is empty, the path is that name, which the analysis cannot
	// follow, not a path that writes nothing.
	ReqNamedBelow
	// ReqAllowed: the write is in a function an allowance covers
	// (allow-write): the patterns it declares (Allowed). A value that is
	// declared once each pattern of ReqAllowedBelow is appended is no
	// finding, where its store is checked too. Kept only where the writes
	// met agree.
	ReqAllowed
	// ReqAllowedBelow: with ReqAllowed, the patterns the writes append
	// below the value ("" for the value itself); each must be declared.
	// A pattern that ends in "/" is one a write makes as a directory with
	// its parents (DirBelow). A strengthening set: a meet keeps every
	// pattern either side has.
	ReqAllowedBelow
	// ReqMadeDirs: every write the value reaches makes, as a directory
	// with its parents (os.MkdirAll), the value with one of these
	// patterns appended ("" for the value itself, ".." for its parent):
	// a directory that exists already creates nothing, an ancestor of a
	// root nothing the root's own would not. Empty for any other write;
	// a meet keeps it only where both sides have it.
	ReqMadeDirs
	// ReqRawTails: the write's path is the value with one of these
	// texts appended without a separator (v + ".0", Sprintf("%s.%d",
	// v, n)): a root itself with one appended is the root's sibling,
	// outside it. A strengthening set: a meet keeps every text either
	// side has.
	ReqRawTails
	// ReqUnixOnly: the write runs only where a network is "unix" (a
	// socket's file, removed before listening): a TCP address (a literal
	// host:port) among the value's origins is not a file the analysis can
	// tie to that network, so it is unproven there.
	ReqUnixOnly

	numReqTags
)

// Bounds of the set-valued tags: past them the transform is dropped (the
// value is checked as it is, which is stricter).
const (
	// MaxBelowPaths bounds the places of the user's element a requirement
	// keeps.
	MaxBelowPaths = 4
	// MaxMapKeys bounds the keys of a map a requirement keeps.
	MaxMapKeys = 8
	// MaxObjects bounds the object arguments a requirement keeps.
	MaxObjects = 4
	// MaxClimbs bounds the climbing patterns a requirement keeps; past
	// it, the first in order are kept, which are the deepest climbs
	// ("../../x" sorts before "../x").
	MaxClimbs = 8
	// MaxAllowedBelow bounds the patterns appended below a value a
	// requirement with an allowance keeps; at the bound, the allowance
	// declares nothing (a pattern may have been dropped).
	MaxAllowedBelow = 8
	// MaxMadeDirs bounds the patterns below a value a requirement keeps
	// of the directories its writes make.
	MaxMadeDirs = 4
	// MaxRawTails bounds the texts appended without a separator a
	// requirement keeps; past it, the first in order are kept (any one
	// makes a root's sibling).
	MaxRawTails = 8
)

// reqPolicy says how a tag covers and meets. A relaxing tag makes the
// requirement weaker (fewer values checked), so a meet keeps it only where
// both sides have it; a strengthening tag makes it stronger, so a meet
// keeps it where either has it.
type reqPolicy uint8

const (
	relaxFlag   reqPolicy = iota // a flag that relaxes: meet is and
	strictFlag                   // a flag that strengthens: meet is or
	relaxSet                     // a set that relaxes: meet is the union when both have one, within the bound
	relaxSameAs                  // a text that relaxes: kept only where both sides hold the same
	strictSet                    // a set that strengthens: meet is the union, within the bound
)

type reqTagDef struct {
	name   string
	policy reqPolicy
	slot   int // bit for flags, index in Sets or Text
	bound  int // relaxSet: the most elements kept
}

var reqTagDefs = [numReqTags]reqTagDef{
	ReqBelowPaths:   {name: "below-paths", policy: relaxSet, slot: 0, bound: MaxBelowPaths},
	ReqMapKeys:      {name: "map-keys", policy: relaxSet, slot: 1, bound: MaxMapKeys},
	ReqGuard:        {name: "guard", policy: relaxSameAs, slot: 0},
	ReqAbsOnly:      {name: "abs-only", policy: relaxFlag, slot: 0},
	ReqAliased:      {name: "aliased", policy: relaxFlag, slot: 1},
	ReqEmptyTemp:    {name: "empty-temp", policy: strictFlag, slot: 2},
	ReqClimbs:       {name: "climbs", policy: strictSet, slot: 2, bound: MaxClimbs},
	ReqObjects:      {name: "objects", policy: relaxSet, slot: 3, bound: MaxObjects},
	ReqNamedBelow:   {name: "named-below", policy: strictFlag, slot: 3},
	ReqAllowed:      {name: "allowed", policy: relaxSameAs, slot: 1},
	ReqAllowedBelow: {name: "allowed-below", policy: strictSet, slot: 4, bound: MaxAllowedBelow},
	ReqMadeDirs:     {name: "made-dirs", policy: relaxSet, slot: 5, bound: MaxMadeDirs},
	ReqRawTails:     {name: "raw-tails", policy: strictSet, slot: 6, bound: MaxRawTails},
	ReqUnixOnly:     {name: "unix-only", policy: relaxFlag, slot: 4},
}

// String returns the tag's printed name.
func (t ReqTag) String() string { return reqTagDefs[t].name }

// ReqTags holds a requirement's transforms. Sets are sorted and free of
// duplicates. Read and write it through the methods; the fields are
// exported for the fact encoding only.
type ReqTags struct {
	Flags uint8
	Sets  [7][]string
	Text  [2]string
}

// Flag reports whether flag tag t is set.
func (g *ReqTags) Flag(t ReqTag) bool { return g.Flags&(1<<reqTagDefs[t].slot) != 0 }

// SetFlag sets or clears flag tag t.
func (g *ReqTags) SetFlag(t ReqTag, on bool) {
	bit := uint8(1) << reqTagDefs[t].slot
	if on {
		g.Flags |= bit
	} else {
		g.Flags &^= bit
	}
}

// Set returns set tag t (nil when absent). The caller must not modify it.
func (g *ReqTags) Set(t ReqTag) []string { return g.Sets[reqTagDefs[t].slot] }

// SetSet sets set tag t to the elements of s, sorted, without duplicates;
// past the tag's bound it is dropped.
func (g *ReqTags) SetSet(t ReqTag, s []string) {
	d := reqTagDefs[t]
	if len(s) == 0 {
		g.Sets[d.slot] = nil
		return
	}
	s = slices.Clone(s)
	slices.Sort(s)
	s = slices.Compact(s)
	if len(s) > d.bound {
		if d.policy == strictSet {
			s = s[:d.bound] // dropping them all would check less
		} else {
			s = nil
		}
	}
	g.Sets[d.slot] = s
}

// TextOf returns text tag t ("" when absent).
func (g *ReqTags) TextOf(t ReqTag) string { return g.Text[reqTagDefs[t].slot] }

// SetText sets text tag t.
func (g *ReqTags) SetText(t ReqTag, s string) { g.Text[reqTagDefs[t].slot] = s }

// allowedSep separates the patterns of the ReqAllowed tag.
const allowedSep = "\x00"

// Allowed returns the allowance patterns of the ReqAllowed tag and the
// patterns the writes append below the value (ReqAllowedBelow); ok is
// false without an allowance, or past the bound of the second.
func (g *ReqTags) Allowed() (patterns, below []string, ok bool) {
	t := g.TextOf(ReqAllowed)
	below = g.Set(ReqAllowedBelow)
	if t == "" || len(below) == 0 || len(below) >= MaxAllowedBelow {
		return nil, nil, false
	}
	return strings.Split(t, allowedSep), below, true
}

// SetAllowed sets the ReqAllowed tag, with the write's own path below the
// value (marked a directory, DirBelow, when the write makes it with its
// parents: dir); no patterns clears both tags.
func (g *ReqTags) SetAllowed(patterns []string, dir bool) {
	if len(patterns) == 0 {
		g.SetText(ReqAllowed, "")
		g.SetSet(ReqAllowedBelow, nil)
		return
	}
	own := ""
	if dir {
		own = dirMark
	}
	g.SetText(ReqAllowed, strings.Join(patterns, allowedSep))
	g.SetSet(ReqAllowedBelow, []string{own})
}

// dirMark ends a pattern of ReqAllowedBelow that a write makes as a
// directory with its parents.
const dirMark = "/"

// DirBelow splits a pattern of ReqAllowedBelow into the pattern and
// whether a write makes it as a directory with its parents.
func DirBelow(b string) (pattern string, dir bool) { return strings.CutSuffix(b, dirMark) }

// joinBelow appends the pattern b of ReqAllowedBelow below p, keeping its
// directory mark.
func joinBelow(p, b string) string {
	if d, dir := DirBelow(b); dir {
		return JoinPattern(p, d) + dirMark
	}
	return JoinPattern(p, b)
}

// Guard returns the cell and flag of the ReqGuard tag ("", "" when absent).
func (g *ReqTags) Guard() (cell, flag string) {
	cell, flag, _ = strings.Cut(g.TextOf(ReqGuard), "#")
	return cell, flag
}

// GuardCell returns the cell of the ReqGuard tag ("" when absent).
func (g *ReqTags) GuardCell() string { c, _ := g.Guard(); return c }

// GuardFlag returns the flag of the ReqGuard tag ("" when absent).
func (g *ReqTags) GuardFlag() string { _, f := g.Guard(); return f }

// SetGuard sets the ReqGuard tag; an empty flag clears it.
func (g *ReqTags) SetGuard(cell, flag string) {
	if flag == "" {
		g.SetText(ReqGuard, "")
		return
	}
	g.SetText(ReqGuard, cell+"#"+flag)
}

// IsZero reports whether no tag is set.
func (g ReqTags) IsZero() bool {
	for _, set := range g.Sets {
		if set != nil {
			return false
		}
	}
	return g.Flags == 0 && g.Text == [2]string{}
}

// Equal reports whether the two hold the same transforms.
func (g ReqTags) Equal(h ReqTags) bool {
	for i := range g.Sets {
		if !slices.Equal(g.Sets[i], h.Sets[i]) {
			return false
		}
	}
	return g.Flags == h.Flags && g.Text == h.Text
}

func (d reqTagDef) covers(old, r ReqTags, t ReqTag) bool {
	switch d.policy {
	case relaxFlag:
		return !old.Flag(t) || r.Flag(t)
	case strictFlag:
		return old.Flag(t) || !r.Flag(t)
	case relaxSet:
		o, n := old.Set(t), r.Set(t)
		return len(o) == 0 || len(n) > 0 && subset(n, o)
	case relaxSameAs:
		return old.TextOf(t) == "" || old.TextOf(t) == r.TextOf(t)
	case strictSet:
		return subset(r.Set(t), old.Set(t))
	}
	return false
}

func (d reqTagDef) meet(out *ReqTags, old, r ReqTags, t ReqTag) {
	switch d.policy {
	case relaxFlag:
		out.SetFlag(t, old.Flag(t) && r.Flag(t))
	case strictFlag:
		out.SetFlag(t, old.Flag(t) || r.Flag(t))
	case relaxSet:
		o, n := old.Set(t), r.Set(t)
		if len(o) > 0 && len(n) > 0 {
			out.SetSet(t, append(slices.Clone(o), n...))
		}
	case relaxSameAs:
		if old.TextOf(t) == r.TextOf(t) {
			out.SetText(t, r.TextOf(t))
		}
	case strictSet:
		out.SetSet(t, append(slices.Clone(old.Set(t)), r.Set(t)...))
	}
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

// String prints every set tag, in table order: "abs-only
// below-paths=[\"..\"]". It is "" when no tag is set.
func (g ReqTags) String() string {
	if g.IsZero() {
		return ""
	}
	var parts []string
	for t := range numReqTags {
		d := reqTagDefs[t]
		switch d.policy {
		case relaxFlag, strictFlag:
			if g.Flag(t) {
				parts = append(parts, d.name)
			}
		case relaxSet, strictSet:
			if s := g.Set(t); len(s) > 0 {
				q := make([]string, len(s))
				for i, e := range s {
					q[i] = strconv.Quote(e)
				}
				parts = append(parts, d.name+"=["+strings.Join(q, " ")+"]")
			}
		case relaxSameAs:
			if s := g.TextOf(t); s != "" {
				parts = append(parts, d.name+"="+strconv.Quote(s))
			}
		}
	}
	return strings.Join(parts, " ")
}
