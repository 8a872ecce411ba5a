package lattice

import (
	"strconv"
	"strings"
)

// Tag names one idiom fact an origin can carry. The engine's rules set and
// read tags; this package orders, compares and prints them all alike, from
// the table below, so adding a tag is one constant and one table row.
type Tag uint8

// The origin tags. Text tags hold a string, the others a number (a flag
// is 1). Within each group the order is the order of comparison.
const (
	// BelowPath, with UserBelow, is the pattern between the symbol's value
	// and the user's element: the user's base is the value with it
	// appended (Dir(f) of a cell f is "..").
	BelowPath Tag = iota
	// MapKey, on a Param or Cell that holds a map, says the value is the
	// map's element at this constant key.
	MapKey
	// Of, with Obj, names the function whose object parameter Obj-1 the
	// cell's object is.
	Of
	// Through, with Of and Obj, names the field (a cell key) of the
	// parameter's object that holds the cell's object: the cell is a
	// field two fields below the parameter (r.Config.Name).
	Through
	// RootName, on an origin that climbs out of a root (Cause climb,
	// Path ".."), names the root's own directory in that parent, or
	// several, comma-separated: a path that climbs back down through one
	// of them is in the root again. A shared base declared =KIND:base is
	// such a parent: the program's root is Join(BASE, NAME).
	RootName
	// Tilde, on a Param, says what the callee does with a leading "~" of
	// the value it returns: "home:SRC", it expands it onto the home
	// directory SRC returns (os.UserHomeDir); "not:FORMS", it returns the
	// value only where it is none of FORMS, comma-separated ("=~" the
	// value "~", "~/" a value starting so). Bound at a call to a "~" the
	// program spelled, the first is that home-based path, the second
	// nothing.
	Tilde
	// UnlessOption, on an origin a constructor stores into a field of the
	// object it returns only where the options it applied left the field
	// empty (`if c.dir == "" { c.dir = def }`), lists the option
	// constructors that store a non-empty parameter there, "KEY#N"
	// comma-separated: bound at a call that passes an option one of them
	// built with an argument that is never "", the origin is not the
	// field's (rules/optiondefault.go).
	UnlessOption
	// EmptyOnly, on a Param, says the callee returns the parameter only
	// where it is "": only an empty argument comes back as it is.
	EmptyOnly
	// AbsOnly, on a Param, says the callee returns the parameter only
	// where filepath.IsAbs holds for it; on a Cell, that the value is used
	// only where it is absolute.
	AbsOnly
	// EmptyTemp, on a Param, says an empty argument means os.TempDir (the
	// dir parameter of a helper around os.CreateTemp).
	EmptyTemp
	// UserBelow, on a Param or Cell, says a path the user chose is joined
	// below it: where it is the working directory (or above it), or the
	// home directory the user asked for, it is the user's.
	UserBelow
	// Below, on an origin of a summary, says the element joined below it
	// is parameter Below-1 of the function; 0 for none.
	Below
	// Asked, on the home directory, says it is used where the user asked
	// for it with a flag.
	Asked
	// Obj, on a Cell, says which object's field it is: Obj > 0, that of
	// the object parameter Obj-1 of function Of points to; 0, the field of
	// every object.
	Obj
	// EnvMap, on a Bad origin, says the value is a map copy of the
	// environment (os.Environ split into a map): its element at a
	// constant key is that environment variable.
	EnvMap
	// Part, on a Param, says the value is a part of the parameter's value
	// cut where it need not start (strings.Cut's second result, s[i:]):
	// bound at a call, it is a part of the argument, not the argument.
	Part
	// OwnMap, on a Bad origin with Key the map's type, says the value is
	// a map the package makes: its elements are what the package stores
	// into maps of that type, where the package keeps the type to itself.
	OwnMap
	// NonEmptyOnly, on a Param or Cell, says the value is used only
	// where it is not "": bound to the empty path it yields nothing. Names
	// joined below it are then never the path alone: the entries a
	// listing of the value itself returned (Join(dir, e.Name()) for e in
	// os.ReadDir(dir)), or a join, call or return a branch condition says
	// runs only where the value is not "". The mirror of EmptyOnly.
	NonEmptyOnly
	// MayNameFile, on a state root an authority of the program returns
	// (declared without the word file), says the result may name a file
	// inside the root rather than the root: the file's own siblings are
	// inferred inside (InferredSibling). Kept on the directory above it
	// (Dir(p)), dropped once a name is joined below the root.
	MayNameFile
	// Inferred, on a rooted origin, says it is inside its root by
	// inference only: the sibling of a file an authority declared
	// without file returns (p + ".bak").
	Inferred

	numTags
)

// tagKind says what a tag holds.
type tagKind uint8

const (
	flagTag   tagKind = iota // 0 or 1, printed as its name
	numberTag                // an integer, printed name=N
	textTag                  // a string, printed name="s"
)

// tagDef describes one tag: its printed name, what it holds and its slot
// in Tags.
type tagDef struct {
	name string
	kind tagKind
	slot int
}

// tagDefs is the tag table, indexed by Tag.
var tagDefs = [numTags]tagDef{
	BelowPath:    {"below-path", textTag, 0},
	MapKey:       {"map-key", textTag, 1},
	Of:           {"of", textTag, 2},
	Through:      {"through", textTag, 3},
	RootName:     {"root-name", textTag, 4},
	Tilde:        {"tilde", textTag, 5},
	UnlessOption: {"unless-option", textTag, 6},
	EmptyOnly:    {"empty-only", flagTag, 0},
	AbsOnly:      {"abs-only", flagTag, 1},
	EmptyTemp:    {"empty-temp", flagTag, 2},
	UserBelow:    {"user-below", flagTag, 3},
	Below:        {"below", numberTag, 4},
	Asked:        {"asked", flagTag, 5},
	Obj:          {"obj", numberTag, 6},
	EnvMap:       {"env-map", flagTag, 7},
	Part:         {"part", flagTag, 8},
	OwnMap:       {"own-map", flagTag, 9},
	NonEmptyOnly: {"non-empty-only", flagTag, 10},
	MayNameFile:  {"may-name-file", flagTag, 11},
	Inferred:     {"inferred", flagTag, 12},
}

const (
	numText   = 7
	numScalar = 13
)

// String returns the tag's printed name ("abs-only").
func (t Tag) String() string { return tagDefs[t].name }

// Tags is the set of idiom facts an origin carries: one value per tag,
// zero ("" or 0) when absent. It is comparable, so origins compare with
// ==. Read and write it through the methods; the fields are exported for
// the fact encoding only.
type Tags struct {
	Text   [numText]string
	Scalar [numScalar]int32
}

// Flag reports whether flag tag t is set.
func (g *Tags) Flag(t Tag) bool { return g.Scalar[tagDefs[t].slot] != 0 }

// SetFlag sets or clears flag tag t.
func (g *Tags) SetFlag(t Tag, on bool) {
	var v int32
	if on {
		v = 1
	}
	g.Scalar[tagDefs[t].slot] = v
}

// Num returns number tag t (0 when absent).
func (g *Tags) Num(t Tag) int { return int(g.Scalar[tagDefs[t].slot]) }

// SetNum sets number tag t.
func (g *Tags) SetNum(t Tag, n int) { g.Scalar[tagDefs[t].slot] = int32(n) }

// TextOf returns text tag t ("" when absent).
func (g *Tags) TextOf(t Tag) string { return g.Text[tagDefs[t].slot] }

// SetText sets text tag t.
func (g *Tags) SetText(t Tag, s string) { g.Text[tagDefs[t].slot] = s }

// IsZero reports whether no tag is set.
func (g Tags) IsZero() bool { return g == Tags{} }

// compareText orders the text tags, in table order.
func (g Tags) compareText(h Tags) int {
	for i := range g.Text {
		if c := strings.Compare(g.Text[i], h.Text[i]); c != 0 {
			return c
		}
	}
	return 0
}

// compareScalar orders the flag and number tags, in table order.
func (g Tags) compareScalar(h Tags) int {
	for i := range g.Scalar {
		if g.Scalar[i] != h.Scalar[i] {
			if g.Scalar[i] < h.Scalar[i] {
				return -1
			}
			return 1
		}
	}
	return 0
}

// String prints every set tag, in table order, for facts: "abs-only
// obj=1 of=\"pkg.New\"". It is "" when no tag is set.
func (g Tags) String() string {
	if g.IsZero() {
		return ""
	}
	var parts []string
	for t := range numTags {
		d := tagDefs[t]
		switch d.kind {
		case flagTag:
			if g.Flag(t) {
				parts = append(parts, d.name)
			}
		case numberTag:
			if n := g.Num(t); n != 0 {
				parts = append(parts, d.name+"="+strconv.Itoa(n))
			}
		case textTag:
			if s := g.TextOf(t); s != "" {
				parts = append(parts, d.name+"="+strconv.Quote(s))
			}
		}
	}
	return strings.Join(parts, " ")
}
