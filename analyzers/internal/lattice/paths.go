package lattice

import (
	"fmt"
	"go/token"
	"path"
	"strconv"
	"strings"

	"github.com/staterootlint/staterootlint/analyzers/internal/knowledge"
	"github.com/staterootlint/staterootlint/analyzers/internal/report"
)

// MaxSegments bounds a pattern's depth (recursion can grow paths without
// end): past it, the rest of the pattern is "**".
const MaxSegments = 12

// Anchored reports whether the origin's kind carries a path below a known
// origin, so that joining onto it keeps the origin.
func (a Origin) Anchored() bool {
	switch a.Kind {
	case Rooted, Temp, Cache, User, Param, Cell, Env:
		return true
	}
	return false
}

// AppendPath returns the origin with the relative pattern rel appended
// (joined with "/") and checks that a rooted path does not climb above its
// origin.
func (a Origin) AppendPath(rel string, at token.Position) Origin {
	if rel == "" {
		return a
	}
	switch {
	case a.Kind == Empty && dynamicStart(rel):
		// Join("", x) is x, and x is a name the pattern does not spell
		// (it may even be absolute): no literal, a path the analysis
		// cannot follow.
		return Origin{Kind: Bad, Why: "an empty path with a name the analysis cannot follow joined below it", At: at}
	case a.Kind == Empty:
		// Join("", "x") is "x": the empty origin becomes the literal.
		return Literal(CleanPattern(rel), at)
	case a.Anchored():
		file := a.mayNameFile()
		a.SetFlag(MayNameFile, false) // a name below it: the root is a directory
		a.Path = CleanPattern(JoinPattern(a.Path, rel))
		if a.Kind == Rooted && Climbs(a.Path) {
			b := climbOut(a.Root, a.Path, at)
			b.SetFlag(MayNameFile, file) // Join(p, "..") is Dir(p)
			return b
		}
	case a.climbsOut():
		return a.reenter(cleanAroundMarks(JoinPattern(a.Path, rel)), at)
	case a.Kind == Bad && (a.Lit != "" || a.Src != ""):
		// A literal or a known source (the home directory) keeps the
		// pattern below it: adhocroot tells the bare home directory from
		// a root already built on it.
		a.Path = CleanPattern(JoinPattern(a.Path, rel))
	}
	return a
}

// dynamicStart reports whether pattern p starts with a segment the
// analysis does not spell: "*", "**", a callers' mark, or one with a
// "*" in it.
func dynamicStart(p string) bool {
	first, _, _ := strings.Cut(strings.TrimPrefix(p, "./"), "/")
	return strings.Contains(first, "*") || strings.HasPrefix(first, ElemsMark)
}

// climbsOut reports whether a is a path above or beside a root it climbed
// out of ("..", "../x"), which keeps its pattern relative to that root.
func (a Origin) climbsOut() bool {
	return a.Kind == Bad && a.Cause == knowledge.CauseClimb && a.Root != "" && Climbs(a.Path)
}

// mayNameFile reports whether a is a state root an authority of the
// program returns that may name a file inside the root (MayNameFile).
func (a Origin) mayNameFile() bool {
	return a.Kind == Rooted && a.Path == "" && !a.Raw && a.Flag(MayNameFile)
}

// InferredSibling reports whether a, a path above the root it climbed
// out of, is inside that root by inference: the directory of a file an
// authority declared without file returns (Dir(p), where MkdirAll and
// os.CreateTemp make its entries), or a name in that directory the
// analysis cannot see (a temporary file renamed onto p), as for the
// running executable (ExeSibling). A fixed name there (Join(Dir(p),
// "x.lock")) is not: the root may be a directory, and that name its
// sibling.
func (a Origin) InferredSibling() bool {
	return a.climbsOut() && a.Flag(MayNameFile) && (a.Path == ".." || a.Path == "../*")
}

// AsInferred returns a, a path inside its root by inference only (an
// InferredSibling, or a rooted origin tagged Inferred), as the rooted
// origin it stands for: the directory of the file is the root itself, a
// name in it the analysis cannot see is "*". ok is false for any other
// origin.
func (a Origin) AsInferred() (_ Origin, ok bool) {
	switch {
	case a.Kind == Rooted && a.Flag(Inferred):
		return a, true
	case a.InferredSibling():
		b := Origin{Kind: Rooted, Root: a.Root, Path: strings.TrimPrefix(strings.TrimPrefix(a.Path, ".."), "/"), At: a.At}
		b.SetFlag(Inferred, true)
		return b, true
	}
	return a, false
}

// Parent is the origin of the directory above a root of kind root whose
// own name in it is one of names: a base many programs share, declared
// =KIND:base, below which the program's root is Join(BASE, NAME). It is
// outside every root, and so is any other name below it; a path that
// climbs back down through one of names is in the root. why names the
// base for messages ("the shared base xdg.ConfigHome").
func Parent(root string, names []string, why string, at token.Position) Origin {
	a := Origin{Kind: Bad, Root: root, Path: "..", Why: why, Cause: knowledge.CauseClimb, At: at}
	a.SetText(RootName, strings.Join(names, ","))
	return a
}

// AboveRoot reports whether a is the directory above a root whose own
// name in it is known (Parent), or a path below that directory.
func (a Origin) AboveRoot() bool { return a.climbsOut() && a.TextOf(RootName) != "" }

// Repath returns a with its pattern replaced by p (cleaned): a path
// above a root it climbed out of re-enters it where p names it
// (Parent), as AppendPath does.
func (a Origin) Repath(p string, at token.Position) Origin {
	if a.climbsOut() {
		return a.reenter(p, at)
	}
	a.Path = p
	return a
}

// AtWrite returns a as a write in its own function sees it: below a
// shared base, a name its callers pass (a mark for them to expand) is a
// name the analysis cannot see there.
func (a Origin) AtWrite(at token.Position) Origin {
	if !a.AboveRoot() || !strings.Contains(a.Path, ElemsMark) {
		return a
	}
	return Origin{Kind: Bad, Why: "a name its callers pass, joined below " + a.Why, At: at}
}

// cleanAroundMarks cleans p as CleanPattern does, except that a ".."
// after a callers' mark (ElemsSegment) does not cancel it: the mark may
// stand for several segments, so Dir(Join(base, rel)) keeps it until a
// call expands it.
func cleanAroundMarks(p string) string {
	if !strings.Contains(p, ElemsMark) {
		return CleanPattern(p)
	}
	var out []string
	for seg := range strings.SplitSeq(p, "/") {
		switch {
		case seg == "" || seg == ".":
		case seg == ".." && len(out) > 0 && out[len(out)-1] != ".." && !strings.HasPrefix(out[len(out)-1], ElemsMark):
			out = out[:len(out)-1]
		default:
			out = append(out, seg)
		}
	}
	return strings.Join(out, "/")
}

// reenter returns a, an origin that climbed out of its root, with the
// cleaned pattern p relative to that root: in the root again where p
// climbs one level and comes back down through the root's own name
// (RootName), unproven where the name there is one the analysis cannot
// see, and outside with pattern p otherwise.
func (a Origin) reenter(p string, at token.Position) Origin {
	if rest, ok := strings.CutPrefix(p, "../"); ok && a.TextOf(RootName) != "" {
		first, below, _ := strings.Cut(rest, "/")
		for name := range strings.SplitSeq(a.TextOf(RootName), ",") {
			if first == name {
				return Origin{Kind: Rooted, Root: a.Root, Path: below, At: at}
			}
		}
		if strings.Contains(first, "*") && !strings.HasPrefix(first, ElemsMark) {
			return Origin{Kind: Bad, Why: "a name the analysis cannot see, joined below " + a.Why, At: at}
		}
	}
	a.Path = p
	return a
}

// climbOut is the origin of a rooted path whose pattern p climbs above
// its root: outside every root, keeping the root kind and p so that a
// write that only creates the root's ancestors (MkdirAll) can tell.
func climbOut(root, p string, at token.Position) Origin {
	return Origin{Kind: Bad, Root: root, Path: p, Why: fmt.Sprintf("a path that climbs out of its %s state root with %q", root, ".."), Cause: knowledge.CauseClimb, At: at}
}

// AppendRaw returns the origin with s concatenated to its pattern (string +).
func (a Origin) AppendRaw(s string, at token.Position) Origin {
	if s == "" {
		return a
	}
	switch {
	case a.Kind == Empty:
		return Literal(s, at)
	case a.Anchored() && a.Raw:
		a.Path += s
	case a.Anchored() && a.Path == "" && !strings.HasPrefix(s, "/") && (a.Kind == Param || a.Kind == Cell || a.Kind == Env):
		a.Path, a.Raw = s, true
	case a.mayNameFile() && !strings.HasPrefix(s, "/"):
		// The file's own sibling (p + ".bak"): inside the file's
		// directory, by inference.
		a.SetFlag(MayNameFile, false)
		a.SetFlag(Inferred, true)
		a.Path = CleanPattern("*" + s)
	case a.Anchored() && a.Path == "" && a.Kind == Rooted && strings.HasPrefix(s, "*"):
		// Text the analysis cannot see (a caller's name, p[2:]): a
		// sibling of the root or, if it starts with a separator, a
		// path below it. Which one is unproven.
		return Origin{Kind: Bad, Why: fmt.Sprintf("the %s state root with text the analysis cannot see appended without a separator", a.Root), Cause: knowledge.CauseUnproven, At: at}
	case a.Anchored() && a.Path == "" && !strings.HasPrefix(s, "/") && a.Kind == Rooted:
		return Origin{Kind: Bad, Why: fmt.Sprintf("a sibling of the %s state root (%s appended without a separator)", a.Root, report.Quote(s)), Cause: knowledge.CauseClimb, At: at}
	case a.Anchored():
		a.SetFlag(MayNameFile, false) // a name below it: the root is a directory
		raw := a.Path + s
		a.Path = CleanPattern(raw)
		if a.Kind == Rooted && Climbs(a.Path) {
			return climbOut(a.Root, a.Path, at)
		}
		if strings.HasSuffix(raw, "/") {
			// A separator is pending (root + "/" + name): keep it, so
			// the next concatenation starts a segment below.
			a.Path += "/"
		}
	case a.climbsOut() && a.Path == ".." && !strings.HasPrefix(s, "/"):
		return Origin{Kind: Bad, Why: fmt.Sprintf("a sibling of the directory above the %s state root (%s appended without a separator)", a.Root, report.Quote(s)), Cause: knowledge.CauseClimb, At: at}
	case a.climbsOut():
		raw := a.Path + s
		b := a.reenter(cleanAroundMarks(raw), at)
		if strings.HasSuffix(raw, "/") && (b.Kind == Rooted || b.climbsOut()) {
			b.Path += "/" // a pending separator, as for a root
		}
		return b
	case a.Kind == Bad && a.Lit != "":
		a.Lit += s
	}
	return a
}

// Extend appends the pattern p of a symbolic origin to b, the origin the
// symbol stands for (a call's argument, a cell's stored value); raw is the
// symbol's Raw.
func (b Origin) Extend(p string, raw bool, at token.Position) Origin {
	if raw {
		first, tail, _ := strings.Cut(p, "/")
		return b.AppendRaw(first, at).AppendPath(tail, at)
	}
	return b.AppendPath(p, at)
}

// Literal is the origin of a constant path s: absolute paths are fixed
// outside every root, others relative to the working directory.
func Literal(s string, at token.Position) Origin {
	switch {
	case s == "":
		return Origin{Kind: Empty}
	case s == "/dev/null" || s == "NUL" || strings.HasPrefix(s, "/dev/"):
		// A device (the null device, a terminal) keeps no state.
		return Origin{Kind: DevNull}
	case s == "/tmp" || strings.HasPrefix(s, "/tmp/"):
		return Origin{Kind: Temp}
	case strings.HasPrefix(s, "/") || strings.Contains(s, ":\\"):
		return Origin{Kind: Bad, Lit: s, Cause: knowledge.CauseLiteral, At: at}
	}
	return Origin{Kind: Bad, Lit: s, Cause: knowledge.CauseLiteral, Rel: true, At: at}
}

// CurrentDirPrefix reports whether relative literal s is "./", once or
// more: prefixed to a name, it leaves the name as it was ("." alone does
// not: "." + "app" is ".app").
func CurrentDirPrefix(s string) bool {
	if s == "" {
		return false
	}
	for ; s != ""; s = s[2:] {
		if !strings.HasPrefix(s, "./") {
			return false
		}
	}
	return true
}

// JoinPattern joins two relative patterns with "/".
func JoinPattern(base, rel string) string {
	switch {
	case base == "":
		return rel
	case rel == "":
		return base
	}
	return base + "/" + rel
}

// CleanPattern cleans a relative pattern: "" for the origin itself, a
// leading "../" when it climbs above it. A leading "/" from concatenation
// ("root" + "/x") is dropped: it separates the origin from the rest.
func CleanPattern(p string) string {
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
	if segs := strings.Split(p, "/"); len(segs) > MaxSegments {
		p = strings.Join(segs[:MaxSegments-1], "/") + "/**"
	}
	return p
}

// Climbs reports whether the relative pattern p climbs above the path it
// is appended to ("..", "../x").
func Climbs(p string) bool { return p == ".." || strings.HasPrefix(p, "../") }

// ClimbsOnly reports whether p only climbs ("..", "../.."): appended to a
// path, it names one of the path's ancestors.
func ClimbsOnly(p string) bool {
	for _, s := range strings.Split(p, "/") {
		if s != ".." {
			return false
		}
	}
	return p != ""
}

// ElemsMark starts a pattern segment that stands for the elements of a
// variadic parameter joined onto a root (Join(elem ...string) on a root
// type): "{elems:2}" for parameter 2. The callers' arguments replace it;
// people see "*" (DisplayPath). Braces and a colon make a segment no join
// of the engine produces from a constant.
const ElemsMark = "{elems:"

// ElemsSegment is the segment standing for variadic parameter i's
// elements.
func ElemsSegment(i int) string { return ElemsMark + strconv.Itoa(i) + "}" }

// ElemsParam returns the parameter index an elements segment stands for.
func ElemsParam(seg string) (int, bool) {
	rest, ok := strings.CutPrefix(seg, ElemsMark)
	if !ok {
		return 0, false
	}
	i, err := strconv.Atoi(strings.TrimSuffix(rest, "}"))
	return i, err == nil
}

// DisplayPath renders a pattern for people: no pending separator, unknown
// variadic elements as "*".
func DisplayPath(p string) string {
	p = strings.TrimSuffix(p, "/")
	if strings.Contains(p, ElemsMark) {
		segs := strings.Split(p, "/")
		for i, s := range segs {
			if strings.HasPrefix(s, ElemsMark) {
				segs[i] = "*"
			}
		}
		p = strings.Join(segs, "/")
	}
	return p
}
