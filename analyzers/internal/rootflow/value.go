package rootflow

import (
	"fmt"
	"path"
	"slices"
	"strings"

	"github.com/staterootlint/staterootlint/analyzers/internal/report"
)

// Kind classifies where a path value comes from.
type Kind uint8

// The kinds of origin. Rooted, Temp, Cache, User, DevNull and Empty are
// concrete and allowed (subject to configuration); Param, Cell and Func are symbolic and
// resolved by callers, stores and call sites; Bad is outside every root.
const (
	Rooted  Kind = iota // under a state root; Atom.Root names the root kind
	Temp                // under a temporary directory
	Cache               // under a cache directory
	User                // chosen by the user (flags, os.Args)
	DevNull             // os.DevNull
	Empty               // the empty string: writing to it fails, removing it does nothing
	Param               // parameter Atom.Index of function Atom.Key
	Cell                // the value stored in field or package variable Atom.Key
	Func                // a reference to function Atom.Key (a func value)
	Env                 // the environment variable named by parameter Atom.Index of function Atom.Key
	Bad                 // outside every state root; Atom.Why or Atom.Lit says why
)

var kindNames = [...]string{"rooted", "temp", "cache", "user", "devnull", "empty", "param", "cell", "func", "env", "bad"}

func (k Kind) String() string { return kindNames[k] }

// Cause says what kind of origin outside every root an atom is: the
// category of its diagnostics, and what rules such as "a default that
// stands in for the user's choice" look at.
type Cause string

// The causes of an origin outside every root.
const (
	CauseUnproven   Cause = ""           // a value the analysis cannot follow
	CauseLiteral    Cause = "literal"    // a constant path
	CauseCwd        Cause = "cwd"        // the working directory or a path relative to it
	CauseHome       Cause = "home"       // the home or user config directory
	CauseEnv        Cause = "env"        // an environment variable that is not a sanctioned override
	CauseExecutable Cause = "executable" // next to the executable
	CauseClimb      Cause = "climb"      // a path that climbs out of its root
	CauseLimit      Cause = "limit"      // an analysis bound was hit
)

// Atom is one possible origin of a value together with the path pattern
// appended to it: a value is a set of atoms.
type Atom struct {
	Kind  Kind
	Root  string // Rooted: root kind ("repo", "global", ...)
	Path  string // slash-separated pattern below the origin; "" is the origin itself, "*" a dynamic segment
	Key   string // Param: function; Cell: field or variable; Func: function
	Index int    // Param: index in the SSA parameter list (receiver first)
	Lit   string // Bad: the literal the path starts with, if any
	Why   string // Bad: where the value came from, when not a literal
	Rel   bool   // Bad: the path is relative to the working directory
	Cause Cause  // Bad: what kind of origin it is, for categories and rules
	// EmptyTemp, on a Param, says an empty argument means os.TempDir (the
	// dir parameter of a helper around os.CreateTemp).
	EmptyTemp bool
	At        string // "file.go:12" where the origin arose, for messages
}

// Value is the set of possible origins of an SSA value, sorted, without
// duplicates. A nil Value is "nothing known yet" (bottom).
type Value []Atom

// maxAtoms bounds a value's size; past it, patterns are widened.
const maxAtoms = 12

// maxSegments bounds a pattern's depth (recursion can grow paths forever).
const maxSegments = 12

func atomLess(a, b Atom) int {
	if c := int(a.Kind) - int(b.Kind); c != 0 {
		return c
	}
	for _, p := range [][2]string{{a.Root, b.Root}, {a.Key, b.Key}, {a.Path, b.Path}, {a.Lit, b.Lit}, {a.Why, b.Why}, {string(a.Cause), string(b.Cause)}, {a.At, b.At}} {
		if c := strings.Compare(p[0], p[1]); c != 0 {
			return c
		}
	}
	if a.Index != b.Index {
		return a.Index - b.Index
	}
	if a.Rel != b.Rel {
		if a.Rel {
			return 1
		}
		return -1
	}
	if a.EmptyTemp != b.EmptyTemp {
		if a.EmptyTemp {
			return 1
		}
		return -1
	}
	return 0
}

// union returns the set union of the values. Values are kept sorted, so
// this is a merge, with fast paths for the common empty and equal cases.
func union(vs ...Value) Value {
	var out Value
	for _, v := range vs {
		switch {
		case len(v) == 0:
		case len(out) == 0:
			out = v
		case out.equal(v):
		default:
			out = merge(out, v)
		}
	}
	return out
}

// merge merges two sorted, duplicate-free values.
func merge(a, b Value) Value {
	out := make(Value, 0, len(a)+len(b))
	i, j := 0, 0
	for i < len(a) && j < len(b) {
		switch c := atomLess(a[i], b[j]); {
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
	if len(out) > maxAtoms {
		return normalize(out)
	}
	return out
}

func normalize(out Value) Value {
	slices.SortFunc(out, atomLess)
	out = slices.Compact(out)
	if len(out) > maxAtoms {
		// Widen: forget the patterns below each origin, then positions.
		for i := range out {
			out[i].Path = widen(out[i].Path)
		}
		slices.SortFunc(out, atomLess)
		out = slices.Compact(out)
		if len(out) > maxAtoms {
			for i := range out {
				out[i].At = ""
			}
			slices.SortFunc(out, atomLess)
			out = slices.Compact(out)
		}
		if len(out) > maxAtoms {
			// Many distinct outside origins (a switch over literals):
			// one is enough to report the value. Bad sorts last.
			if i := slices.IndexFunc(out, func(a Atom) bool { return a.Kind == Bad }); i >= 0 {
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

func (v Value) equal(w Value) bool { return slices.Equal(v, w) }

// without returns v without the atoms of kind k.
func (v Value) without(k Kind) Value {
	if !slices.ContainsFunc(v, func(a Atom) bool { return a.Kind == k }) {
		return v
	}
	out := make(Value, 0, len(v))
	for _, a := range v {
		if a.Kind != k {
			out = append(out, a)
		}
	}
	if len(out) == 0 {
		return Value{}
	}
	return out
}

// mapAtoms applies f to each atom and returns the union of the results.
func (v Value) mapAtoms(f func(Atom) Value) Value {
	if len(v) == 0 {
		return nil
	}
	out := make(Value, 0, len(v))
	for _, a := range v {
		out = append(out, f(a)...)
	}
	return normalize(out)
}

// anchored reports whether the atom's kind carries a path below a known
// origin, so that joining onto it keeps the origin.
func (a Atom) anchored() bool {
	switch a.Kind {
	case Rooted, Temp, Cache, User, Param, Cell, Env:
		return true
	}
	return false
}

// appendPath returns the atom with the relative pattern rel appended (joined
// with "/") and checks that a rooted path does not climb above its origin.
func (a Atom) appendPath(rel string, at string) Atom {
	if rel == "" {
		return a
	}
	switch {
	case a.Kind == Empty:
		// Join("", "x") is "x": the empty origin becomes the literal.
		return literal(cleanPattern(rel), at)
	case a.anchored():
		a.Path = cleanPattern(joinPattern(a.Path, rel))
		if a.Kind == Rooted && climbs(a.Path) {
			return Atom{Kind: Bad, Why: fmt.Sprintf("a path that climbs out of its %s state root with %q", a.Root, ".."), Cause: CauseClimb, At: at}
		}
	case a.Kind == Bad && a.Lit != "":
		a.Path = cleanPattern(joinPattern(a.Path, rel))
	}
	return a
}

// rawMark starts the pattern of a symbolic atom (a parameter or cell)
// concatenated onto without a separator (p + ".tmp"): the suffix continues
// the last segment of whatever the atom stands for.
const rawMark = "\x00"

// appendRaw returns the atom with s concatenated to its pattern (string +).
func (a Atom) appendRaw(s string, at string) Atom {
	if s == "" {
		return a
	}
	switch {
	case a.Kind == Empty:
		return literal(s, at)
	case a.anchored() && strings.HasPrefix(a.Path, rawMark):
		a.Path += s
	case a.anchored() && a.Path == "" && !strings.HasPrefix(s, "/") && (a.Kind == Param || a.Kind == Cell || a.Kind == Env):
		a.Path = rawMark + s
	case a.anchored() && a.Path == "" && !strings.HasPrefix(s, "/") && a.Kind == Rooted:
		return Atom{Kind: Bad, Why: fmt.Sprintf("a sibling of the %s state root (%s appended without a separator)", a.Root, report.Quote(s)), Cause: CauseClimb, At: at}
	case a.anchored():
		raw := a.Path + s
		a.Path = cleanPattern(raw)
		if a.Kind == Rooted && climbs(a.Path) {
			return Atom{Kind: Bad, Why: fmt.Sprintf("a path that climbs out of its %s state root with %q", a.Root, ".."), Cause: CauseClimb, At: at}
		}
		if strings.HasSuffix(raw, "/") {
			// A separator is pending (root + "/" + name): keep it, so
			// the next concatenation starts a segment below.
			a.Path += "/"
		}
	case a.Kind == Bad && a.Lit != "":
		a.Lit += s
	}
	return a
}

// extend appends the pattern p of a symbolic atom to b, the origin the
// symbol stands for (a call's argument, a cell's stored value).
func (b Atom) extend(p string, at string) Atom {
	if rest, ok := strings.CutPrefix(p, rawMark); ok {
		raw, tail, _ := strings.Cut(rest, "/")
		return b.appendRaw(raw, at).appendPath(tail, at)
	}
	return b.appendPath(p, at)
}

// literal is the origin of a constant path s: absolute paths are fixed
// outside every root, others relative to the working directory.
func literal(s, at string) Atom {
	switch {
	case s == "":
		return Atom{Kind: Empty}
	case s == "/dev/null" || s == "NUL" || strings.HasPrefix(s, "/dev/"):
		// A device (the null device, a terminal) keeps no state.
		return Atom{Kind: DevNull}
	case s == "/tmp" || strings.HasPrefix(s, "/tmp/"):
		return Atom{Kind: Temp}
	case strings.HasPrefix(s, "/") || strings.Contains(s, ":\\"):
		return Atom{Kind: Bad, Lit: s, Cause: CauseLiteral, At: at}
	}
	return Atom{Kind: Bad, Lit: s, Cause: CauseLiteral, Rel: true, At: at}
}

func joinPattern(base, rel string) string {
	switch {
	case base == "":
		return rel
	case rel == "":
		return base
	}
	return base + "/" + rel
}

// cleanPattern cleans a relative pattern: "" for the origin itself, a
// leading "../" when it climbs above it. A leading "/" from concatenation
// ("root" + "/x") is dropped: it separates the origin from the rest.
func cleanPattern(p string) string {
	p = strings.TrimLeft(p, "/")
	if p == "" {
		return ""
	}
	p = path.Clean(p)
	if p == "." {
		return ""
	}
	if segs := strings.Split(p, "/"); len(segs) > maxSegments {
		p = strings.Join(segs[:maxSegments-1], "/") + "/**"
	}
	return p
}

func climbs(p string) bool { return p == ".." || strings.HasPrefix(p, "../") }

// Allowed reports whether a write to this concrete atom is allowed by cfg.
func (a Atom) Allowed(cfg *Config) bool {
	switch a.Kind {
	case Rooted:
		return !a.InProject() // the user's project: only declared entries (project.go)
	case DevNull, Empty:
		return true
	case Temp:
		return cfg.AllowTemp
	case Cache:
		return cfg.AllowCache
	case User:
		return cfg.AllowUser
	}
	return false
}

// Describe says in a few words where the value comes from, for messages:
// `"state.json" relative to the working directory`.
func (a Atom) Describe() string {
	switch a.Kind {
	case Rooted:
		if a.InProject() {
			return a.describeProject()
		}
		return fmt.Sprintf("a path under the %s state root", a.Root)
	case Temp:
		return "a temporary path"
	case Cache:
		return "a path under the user cache directory"
	case User:
		return "a user-chosen path"
	case DevNull:
		return "a device"
	case Empty:
		return "an empty path"
	case Env:
		return "a path from an environment variable named by the caller"
	case Bad:
		if a.Lit != "" {
			p := a.Lit
			if a.Path != "" {
				p = path.Join(p, displayPath(a.Path))
			}
			if a.Rel {
				return report.Quote(p) + " relative to the working directory"
			}
			return "the fixed path " + report.Quote(p)
		}
		return a.Why
	}
	return "a value the analysis cannot follow"
}

// elemsMark stands, in a pattern, for the elements of a variadic
// parameter joined onto a root (Join(elem ...string) on a root type); the
// callers' arguments replace it.
const elemsMark = "\x01"

// displayPath renders a pattern for people: no pending separator, unknown
// variadic elements as "*".
func displayPath(p string) string {
	p = strings.TrimSuffix(strings.TrimPrefix(p, rawMark), "/")
	if strings.Contains(p, elemsMark) {
		segs := strings.Split(p, "/")
		for i, s := range segs {
			if strings.HasPrefix(s, elemsMark) {
				segs[i] = "*"
			}
		}
		p = strings.Join(segs, "/")
	}
	return p
}

// Pattern renders the atom as an inventory pattern: "repo:logs/*.log",
// "temp", "cache:x", "user", "unknown".
func (a Atom) Pattern() string {
	withPath := func(prefix string) string {
		p := displayPath(a.Path)
		if p == "" {
			return prefix
		}
		return prefix + ":" + p
	}
	switch a.Kind {
	case Rooted:
		return withPath(a.Root)
	case Temp, Cache, User, DevNull:
		return withPath(a.Kind.String())
	case Bad:
		if a.Rel {
			return "cwd:" + a.Describe()
		}
		return "unknown"
	}
	return "unknown"
}

// authorityOrigin is the origin of a value an authority returns. Its kind
// names a state root ("repo", "global", ...), except "user" and "temp":
// a configured source of user-chosen or temporary paths (a CLI library's
// flag accessor the engine does not know, a project's temp-dir helper).
func authorityOrigin(kind string) Atom {
	switch kind {
	case "user":
		return Atom{Kind: User}
	case "temp":
		return Atom{Kind: Temp}
	}
	return Atom{Kind: Rooted, Root: kind}
}
