package rootflow

import (
	"cmp"
	"fmt"
	"go/token"
	"path"
	"slices"
	"strconv"
	"strings"

	"github.com/staterootlint/staterootlint/analyzers/internal/report"
)

// Kind classifies where a path value comes from.
type Kind uint8

// The kinds of origin. Rooted, Temp, Cache, User, DevNull and Empty are
// concrete and allowed (subject to configuration); Param, Cell and Func are symbolic and
// resolved by callers, stores and call sites; Bad is outside every root.
const (
	Rooted  Kind = iota // under a state root; Origin.Root names the root kind
	Temp                // under a temporary directory
	Cache               // under a cache directory
	User                // chosen by the user (flags, os.Args)
	DevNull             // os.DevNull
	Empty               // the empty string: writing to it fails, removing it does nothing
	Param               // parameter Origin.Index of function Origin.Key
	Cell                // the value stored in field or package variable Origin.Key
	Func                // a reference to function Origin.Key (a func value)
	Env                 // the environment variable named by parameter Origin.Index of function Origin.Key
	Bad                 // outside every state root; Origin.Why or Origin.Lit says why
)

var kindNames = [...]string{"rooted", "temp", "cache", "user", "devnull", "empty", "param", "cell", "func", "env", "bad"}

func (k Kind) String() string { return kindNames[k] }

// Origin is one possible origin of a value together with the path pattern
// appended to it: a value is a set of origins.
type Origin struct {
	Kind  Kind
	Root  string // Rooted: root kind ("repo", "global", ...)
	Path  string // slash-separated pattern below the origin; "" is the origin itself, "*" a dynamic segment
	Key   string // Param: function; Cell: field or variable; Func: function
	Index int    // Param: index in the SSA parameter list (receiver first)
	Lit   string // Bad: the literal the path starts with, if any
	Why   string // Bad: where the value came from, when not a literal
	Rel   bool   // Bad: the path is relative to the working directory
	Cause Cause  // Bad: what kind of origin it is, for categories and rules
	// Src, on Bad, names the source as the knowledge table does
	// ("os.UserHomeDir", "user.User.HomeDir") or "$NAME" for an
	// environment variable; "" for literals and unknown values.
	Src string
	// Raw, on a symbolic origin (Param, Cell, Env), says Path was
	// concatenated onto it without a separator (p + ".tmp"): its first
	// segment continues the last segment of whatever the symbol stands for.
	Raw bool
	// EmptyTemp, on a Param, says an empty argument means os.TempDir (the
	// dir parameter of a helper around os.CreateTemp).
	EmptyTemp bool
	// AbsOnly, on a Param, says the callee returns the parameter only
	// where filepath.IsAbs holds for it: a relative argument never comes
	// back as it is (a join that keeps absolute paths). On a Cell it says
	// the value is used only where it is absolute: the relative values
	// stored into the cell never reach the write (Req.AbsOnly).
	AbsOnly bool
	// EmptyOnly, on a Param, says the callee returns the parameter only
	// where it is "": only an empty argument comes back as it is.
	EmptyOnly bool
	// UserBelow, on a Param or Cell, says a path the user chose is joined
	// below it: where it is the working directory (or above it), or the
	// home directory the user asked for, it is the user's (projectdir.go).
	UserBelow bool
	// BelowPath, with UserBelow, is the pattern between the symbol's value
	// and the user's element: the user's base is the value with it
	// appended (Dir(f) of a cell f is "..").
	BelowPath string
	// MapKey, on a Param or Cell that holds a map, says the value is the
	// map's element at this constant key (envmap.go).
	MapKey string
	// Below, on an origin of a summary, says the element joined below it
	// is parameter Below-1 of the function: the caller's argument decides
	// whether it is the user's base (projectdir.go); 0 for none.
	Below int
	// Asked, on the home directory, says it is used where the user asked
	// for it with a flag (projectdir.go).
	Asked bool
	// Of and Obj, on a Cell, say which objects' field it is (ctors.go):
	// Obj > 0, that of the object parameter Obj-1 of function Of points
	// to (a method's receiver), which its callers decide per call; 0, the
	// field of every object.
	Of  string
	Obj int
	At  token.Position // where the origin arose, for messages
}

// Origins is the set of possible origins of an SSA value, sorted, without
// duplicates. A nil Origins is "nothing known yet" (bottom).
type Origins []Origin

func originLess(a, b Origin) int {
	if c := int(a.Kind) - int(b.Kind); c != 0 {
		return c
	}
	for _, p := range [][2]string{{a.Root, b.Root}, {a.Key, b.Key}, {a.Path, b.Path}, {a.Lit, b.Lit}, {a.Why, b.Why}, {string(a.Cause), string(b.Cause)}, {a.Src, b.Src}, {a.BelowPath, b.BelowPath}, {a.MapKey, b.MapKey}, {a.Of, b.Of}, {a.At.Filename, b.At.Filename}} {
		if c := strings.Compare(p[0], p[1]); c != 0 {
			return c
		}
	}
	if c := cmp.Or(a.At.Line-b.At.Line, a.At.Column-b.At.Column); c != 0 {
		return c
	}
	return cmp.Or(a.Index-b.Index, boolLess(a.Raw, b.Raw), boolLess(a.Rel, b.Rel),
		boolLess(a.EmptyOnly, b.EmptyOnly), boolLess(a.AbsOnly, b.AbsOnly), boolLess(a.EmptyTemp, b.EmptyTemp),
		boolLess(a.UserBelow, b.UserBelow), a.Below-b.Below, boolLess(a.Asked, b.Asked), a.Obj-b.Obj)
}

// boolLess orders false before true.
func boolLess(a, b bool) int {
	switch {
	case a == b:
		return 0
	case a:
		return 1
	}
	return -1
}

// union returns the set union of the values. Values are kept sorted, so
// this is a merge, with fast paths for the common empty and equal cases.
func union(vs ...Origins) Origins {
	var out Origins
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
func merge(a, b Origins) Origins {
	out := make(Origins, 0, len(a)+len(b))
	i, j := 0, 0
	for i < len(a) && j < len(b) {
		switch c := originLess(a[i], b[j]); {
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
	if len(out) > maxOrigins {
		return normalize(out)
	}
	return out
}

func normalize(out Origins) Origins {
	slices.SortFunc(out, originLess)
	out = slices.Compact(out)
	if len(out) > maxOrigins {
		// Widen: forget the patterns below each origin, then positions.
		for i := range out {
			out[i].Path = widen(out[i].Path)
		}
		slices.SortFunc(out, originLess)
		out = slices.Compact(out)
		if len(out) > maxOrigins {
			for i := range out {
				out[i].At = token.Position{}
			}
			slices.SortFunc(out, originLess)
			out = slices.Compact(out)
		}
		if len(out) > maxOrigins {
			// Many distinct outside origins (a switch over literals):
			// one is enough to report the value. Bad sorts last.
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

func (v Origins) equal(w Origins) bool { return slices.Equal(v, w) }

// without returns v without the origins of kind k.
func (v Origins) without(k Kind) Origins {
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

// mapOrigins applies f to each origin and returns the union of the results.
func (v Origins) mapOrigins(f func(Origin) Origins) Origins {
	if len(v) == 0 {
		return nil
	}
	out := make(Origins, 0, len(v))
	for _, a := range v {
		out = append(out, f(a)...)
	}
	return normalize(out)
}

// String renders the set for facts and tests: "{repo:logs, param0/x}".
func (v Origins) String() string {
	parts := make([]string, len(v))
	for i, a := range v {
		parts[i] = a.String()
	}
	return "{" + strings.Join(parts, ", ") + "}"
}

// String renders an origin compactly for facts and tests: "repo:logs",
// "temp", "param0/x.json", "param1+.tmp" (concatenated without a
// separator), "cell store.Store.root", "env(param0)",
// "outside(literal "x")", "outside(home)".
func (a Origin) String() string {
	below := func(s string) string {
		p := displayPath(a.Path)
		switch {
		case p == "":
			return s
		case a.Raw:
			return s + "+" + p
		}
		return s + "/" + p
	}
	switch a.Kind {
	case Rooted, Temp, Cache, User, DevNull:
		return a.Pattern()
	case Empty:
		return `""`
	case Param:
		return below("param" + strconv.Itoa(a.Index))
	case Cell:
		return below("cell " + ShortName(a.Key))
	case Func:
		return "func " + ShortName(a.Key)
	case Env:
		return below("env(param" + strconv.Itoa(a.Index) + ")")
	}
	if a.Lit != "" {
		return fmt.Sprintf("outside(%s %q)", CauseLiteral, path.Join(a.Lit, displayPath(a.Path)))
	}
	if a.Cause == CauseUnproven {
		return "outside(unproven)"
	}
	return "outside(" + string(a.Cause) + ")"
}

// anchored reports whether the origin's kind carries a path below a known
// origin, so that joining onto it keeps the origin.
func (a Origin) anchored() bool {
	switch a.Kind {
	case Rooted, Temp, Cache, User, Param, Cell, Env:
		return true
	}
	return false
}

// appendPath returns the origin with the relative pattern rel appended (joined
// with "/") and checks that a rooted path does not climb above its origin.
func (a Origin) appendPath(rel string, at token.Position) Origin {
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
			return Origin{Kind: Bad, Why: fmt.Sprintf("a path that climbs out of its %s state root with %q", a.Root, ".."), Cause: CauseClimb, At: at}
		}
	case a.Kind == Bad && (a.Lit != "" || a.Src != ""):
		// A literal or a known source (the home directory) keeps the
		// pattern below it: adhocroot tells the bare home directory from
		// a root already built on it.
		a.Path = cleanPattern(joinPattern(a.Path, rel))
	}
	return a
}

// appendRaw returns the origin with s concatenated to its pattern (string +).
func (a Origin) appendRaw(s string, at token.Position) Origin {
	if s == "" {
		return a
	}
	switch {
	case a.Kind == Empty:
		return literal(s, at)
	case a.anchored() && a.Raw:
		a.Path += s
	case a.anchored() && a.Path == "" && !strings.HasPrefix(s, "/") && (a.Kind == Param || a.Kind == Cell || a.Kind == Env):
		a.Path, a.Raw = s, true
	case a.anchored() && a.Path == "" && !strings.HasPrefix(s, "/") && a.Kind == Rooted:
		return Origin{Kind: Bad, Why: fmt.Sprintf("a sibling of the %s state root (%s appended without a separator)", a.Root, report.Quote(s)), Cause: CauseClimb, At: at}
	case a.anchored():
		raw := a.Path + s
		a.Path = cleanPattern(raw)
		if a.Kind == Rooted && climbs(a.Path) {
			return Origin{Kind: Bad, Why: fmt.Sprintf("a path that climbs out of its %s state root with %q", a.Root, ".."), Cause: CauseClimb, At: at}
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

// extend appends the pattern p of a symbolic origin to b, the origin the
// symbol stands for (a call's argument, a cell's stored value); raw is the
// symbol's Raw.
func (b Origin) extend(p string, raw bool, at token.Position) Origin {
	if raw {
		first, tail, _ := strings.Cut(p, "/")
		return b.appendRaw(first, at).appendPath(tail, at)
	}
	return b.appendPath(p, at)
}

// literal is the origin of a constant path s: absolute paths are fixed
// outside every root, others relative to the working directory.
func literal(s string, at token.Position) Origin {
	switch {
	case s == "":
		return Origin{Kind: Empty}
	case s == "/dev/null" || s == "NUL" || strings.HasPrefix(s, "/dev/"):
		// A device (the null device, a terminal) keeps no state.
		return Origin{Kind: DevNull}
	case s == "/tmp" || strings.HasPrefix(s, "/tmp/"):
		return Origin{Kind: Temp}
	case strings.HasPrefix(s, "/") || strings.Contains(s, ":\\"):
		return Origin{Kind: Bad, Lit: s, Cause: CauseLiteral, At: at}
	}
	return Origin{Kind: Bad, Lit: s, Cause: CauseLiteral, Rel: true, At: at}
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
	for strings.Contains(p, "**/**") {
		p = strings.ReplaceAll(p, "**/**", "**") // the same paths
	}
	if segs := strings.Split(p, "/"); len(segs) > maxSegments {
		p = strings.Join(segs[:maxSegments-1], "/") + "/**"
	}
	return p
}

func climbs(p string) bool { return p == ".." || strings.HasPrefix(p, "../") }

// Allowed reports whether a write to this concrete origin is allowed by cfg.
func (a Origin) Allowed(cfg *Config) bool {
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
func (a Origin) Describe() string {
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

// elemsMark starts a pattern segment that stands for the elements of a
// variadic parameter joined onto a root (Join(elem ...string) on a root
// type): "{elems:2}" for parameter 2. The callers' arguments replace it
// (expandElems); people see "*" (displayPath). Braces and a colon make a
// segment no join of ours produces from a constant.
const elemsMark = "{elems:"

// elemsSegment is the segment standing for variadic parameter i's
// elements.
func elemsSegment(i int) string { return elemsMark + strconv.Itoa(i) + "}" }

// elemsParam returns the parameter index an elements segment stands for.
func elemsParam(seg string) (int, bool) {
	rest, ok := strings.CutPrefix(seg, elemsMark)
	if !ok {
		return 0, false
	}
	i, err := strconv.Atoi(strings.TrimSuffix(rest, "}"))
	return i, err == nil
}

// displayPath renders a pattern for people: no pending separator, unknown
// variadic elements as "*".
func displayPath(p string) string {
	p = strings.TrimSuffix(p, "/")
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

// Pattern renders the origin as an inventory pattern: "repo:logs/*.log",
// "temp", "cache:x", "user", "unknown".
func (a Origin) Pattern() string {
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
func authorityOrigin(kind string) Origin {
	switch kind {
	case "user":
		return Origin{Kind: User}
	case "temp":
		return Origin{Kind: Temp}
	}
	return Origin{Kind: Rooted, Root: kind}
}
