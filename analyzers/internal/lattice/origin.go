package lattice

import (
	"cmp"
	"fmt"
	"go/token"
	"path"
	"regexp"
	"strconv"
	"strings"
	"sync"

	"github.com/staterootlint/staterootlint/analyzers/internal/knowledge"
	"github.com/staterootlint/staterootlint/analyzers/internal/report"
)

// Cause says what kind of origin outside every root a Bad origin is, for
// categories and rules (knowledge.Cause).
type Cause = knowledge.Cause

// ProjectRoot is the root kind of the project root itself (the directory
// stateroots.FindProjectRoot finds, holding .git or go.mod), as opposed to
// the state roots inside or beside it. A path under it is rooted, so its
// pattern is known ("project:px.lock"), but not allowed: it is the user's
// project, and a program may write there only the entries its contract
// names.
const ProjectRoot = "project"

// CwdRoot is the root kind of a file a command declares it writes where
// the program runs (//staterootlint:allow-write cwd:app.toml): its
// product, such as a scaffold's app.toml, named relative to the working
// directory ("cwd:app.toml").
const CwdRoot = "cwd"

// Origin is one possible origin of a value together with the path pattern
// appended to it: a value is a set of origins (Origins).
type Origin struct {
	Kind  Kind
	Root  string // Rooted: root kind ("repo", "global", ...)
	Path  string // slash-separated pattern below the origin; "" is the origin itself, "*" a dynamic segment
	Key   string // Param: function; Cell: field or variable; Func: function
	Index int    // Param, Env: index in the SSA parameter list (receiver first)
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
	At  token.Position // where the origin arose, for messages
	// Tags are the idiom facts the engine's rules attach (tags.go).
	Tags
}

// Compare orders origins: kind, the general strings, the text tags, the
// position, the general scalars, then the other tags. Every field takes
// part, so Compare is 0 exactly when the origins are ==.
func Compare(a, b Origin) int {
	if c := cmp.Compare(a.Kind, b.Kind); c != 0 {
		return c
	}
	for _, p := range [...][2]string{{a.Root, b.Root}, {a.Key, b.Key}, {a.Path, b.Path}, {a.Lit, b.Lit}, {a.Why, b.Why}, {string(a.Cause), string(b.Cause)}, {a.Src, b.Src}} {
		if c := strings.Compare(p[0], p[1]); c != 0 {
			return c
		}
	}
	if c := a.Tags.compareText(b.Tags); c != 0 {
		return c
	}
	if c := ComparePos(a.At, b.At); c != 0 {
		return c
	}
	if c := cmp.Or(cmp.Compare(a.Index, b.Index), compareBool(a.Raw, b.Raw), compareBool(a.Rel, b.Rel)); c != 0 {
		return c
	}
	return a.Tags.compareScalar(b.Tags)
}

// ComparePos orders positions by file, line and column (offsets are not
// compared: they follow from the line and column).
func ComparePos(a, b token.Position) int {
	return cmp.Or(strings.Compare(a.Filename, b.Filename), cmp.Compare(a.Line, b.Line), cmp.Compare(a.Column, b.Column), cmp.Compare(a.Offset, b.Offset))
}

// compareBool orders false before true.
func compareBool(a, b bool) int {
	switch {
	case a == b:
		return 0
	case a:
		return 1
	}
	return -1
}

// String renders an origin compactly for facts and tests: "repo:logs",
// "temp", "param0/x.json", "param1+.tmp" (concatenated without a
// separator), "cell store.Store.root", "env(param0)",
// "outside(literal "x")", "outside(home)", followed by its tags in
// brackets when it has some: "param0[abs-only]".
func (a Origin) String() string {
	s := a.base()
	if t := a.Tags.String(); t != "" {
		s += "[" + t + "]"
	}
	return s
}

func (a Origin) base() string {
	below := func(s string) string {
		p := DisplayPath(a.Path)
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
		return fmt.Sprintf("outside(%s %q)", knowledge.CauseLiteral, path.Join(a.Lit, DisplayPath(a.Path)))
	}
	if a.Cause == knowledge.CauseUnproven {
		return "outside(unproven)"
	}
	return "outside(" + string(a.Cause) + ")"
}

// ShortName renders a function or cell key for messages with its
// package's last import path element instead of its full path
// ("stateroots.Join", "(*store.DB).Save"). A major-version element is
// not the package's name: "github.com/x/cli/v3.Args" is "cli.Args", and
// "gopkg.in/yaml.v3.Node" is "yaml.Node". Where the types are at hand,
// ShortNameIn names the package as its package clause does.
func ShortName(key string) string { return ShortNameIn(key, nil) }

// majorElem matches an import path element that only carries a major
// version ("v2"); dottedMajor one that ends with it ("yaml.v3", as
// gopkg.in spells it).
var (
	majorElem   = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`^v[0-9]+$`) })
	dottedMajor = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`^([^.]+)\.v[0-9]+\.`) })
)

// ShortNameIn renders key as ShortName does, naming its package
// name(path) when name knows it (returns non-empty): the package's own
// name, such as "tea" for github.com/charmbracelet/bubbletea or "main"
// for a command.
func ShortNameIn(key string, name func(path string) string) string {
	prefix, rest := "", key
	if strings.HasPrefix(rest, "(") {
		prefix, rest = "(", rest[1:]
		if strings.HasPrefix(rest, "*") {
			prefix, rest = "(*", rest[1:]
		}
	}
	// A field of a struct without a name ends with where it is declared
	// ("pkg.struct{}.f@dir/x.go:12"), which may hold slashes.
	suffix := ""
	if i := strings.Index(rest, "@"); i >= 0 {
		rest, suffix = rest[:i], rest[i:]
	}
	dir, last := "", rest
	if i := strings.LastIndex(rest, "/"); i >= 0 {
		dir, last = rest[:i], rest[i+1:]
	}
	elem := last
	if m := dottedMajor().FindStringSubmatch(last); m != nil {
		elem = m[0][:len(m[0])-1]
	} else if i := strings.Index(last, "."); i >= 0 {
		elem = last[:i]
	}
	ident := last[len(elem):]
	short := ""
	if name != nil {
		short = name(joinPath(dir, elem))
	}
	if short == "" {
		short = elem
		switch m := dottedMajor().FindStringSubmatch(elem + "."); {
		case m != nil:
			short = m[1]
		case majorElem().MatchString(elem) && dir != "":
			short = dir[strings.LastIndex(dir, "/")+1:]
		}
	}
	return prefix + short + ident + suffix
}

// joinPath joins an import path's directory and last element.
func joinPath(dir, elem string) string {
	if dir == "" {
		return elem
	}
	return dir + "/" + elem
}

// InProject reports whether the origin is a path under the project root.
func (a Origin) InProject() bool { return a.Kind == Rooted && a.Root == ProjectRoot }

// ExeRoot is the root kind of the running executable and the files named
// from it, which a command that replaces the binary declares with
// //staterootlint:allow-write exe.
const ExeRoot = "exe"

// ExeSibling reports whether a is the running executable
// (os.Executable()) or a file named from it: exe + SUFFIX (which the
// lattice keeps as the executable itself), its directory, and a name in
// that directory it cannot see (a temporary file renamed onto it). A
// fixed name there (a lock, a log) is not: it stays next to the binary.
func (a Origin) ExeSibling() bool {
	return a.Kind == Bad && a.Cause == knowledge.CauseExecutable && (a.Path == "" || a.Path == ".." || a.Path == "../*")
}

// Declarable reports whether an allowance or a radius pattern can declare
// a write to a: a fixed name below the working directory, a path below the
// project root, the running executable or a file named from it, or an
// origin an allowance already declared (root kind cwd or exe).
func (a Origin) Declarable() bool {
	_, cwd := a.AsCwd()
	return cwd || a.InProject() || a.ExeSibling() || a.Kind == Rooted && (a.Root == CwdRoot || a.Root == ExeRoot)
}

// AsCwd returns a, a fixed path relative to the working directory (a
// relative literal, joined with constants) or below it as os.Getwd
// returns it (Join(wd, "app.toml") is the same file), as the origin below
// the root kind cwd that an allowance declares ("cwd:app.toml"); ok is
// false for any other origin, and for the working directory itself or a
// path above it.
func (a Origin) AsCwd() (_ Origin, ok bool) {
	var p string
	switch {
	case a.Kind != Bad:
		return a, false
	case a.Rel && a.Cause == knowledge.CauseLiteral:
		p = CleanPattern(JoinPattern(a.Lit, a.Path))
	case !a.Rel && a.Cause == knowledge.CauseCwd && a.Src == knowledge.WorkDir:
		p = CleanPattern(a.Path)
	default:
		return a, false
	}
	if p == "" || p == "." || p == ".." || strings.HasPrefix(p, "../") {
		return a, false
	}
	return Origin{Kind: Rooted, Root: CwdRoot, Path: p, At: a.At}, true
}

// BareSource reports whether the origin is a known source outside every
// root (the home directory, an environment variable) with nothing joined
// below it.
func (a Origin) BareSource() bool { return a.Kind == Bad && a.Src != "" && a.Path == "" }

// OwnMap reports whether a is a map the package makes and keeps to
// itself (the tag OwnMap, rules/mademaps.go): its every update is known.
func (a Origin) OwnMap() bool { return a.Kind == Bad && a.Flag(OwnMap) }

// EnvVar returns the name of the environment variable the origin's value
// was read from, or "" when it is not such a value (or the name is not a
// constant).
func (a Origin) EnvVar() string {
	if a.Kind != Bad || a.Cause != knowledge.CauseEnv {
		return ""
	}
	name, _ := strings.CutPrefix(a.Src, "$")
	if name == a.Src {
		return ""
	}
	return name
}

// Describe says in a few words where the value comes from, for messages:
// `"state.json" relative to the working directory`.
func (a Origin) Describe() string {
	switch a.Kind {
	case Rooted:
		if a.InProject() {
			if p := DisplayPath(a.Path); p != "" {
				return report.Quote(p) + " under the project root"
			}
			return "the project root itself"
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
				p = path.Join(p, DisplayPath(a.Path))
			}
			if a.Rel {
				return report.Quote(p) + " relative to the working directory"
			}
			return "the fixed path " + report.Quote(p)
		}
		if b, ok := a.AsCwd(); ok && a.Src == knowledge.WorkDir {
			return report.Quote(DisplayPath(b.Path)) + " under the working directory from " + a.Src
		}
		if names := a.TextOf(RootName); names != "" && a.climbsOut() {
			name, _, _ := strings.Cut(names, ",")
			if p := strings.TrimPrefix(DisplayPath(a.Path), "../"); p != ".." && p != "" {
				return fmt.Sprintf("%s under %s, outside this program's directory %s in it", report.Quote(p), a.Why, report.Quote(name))
			}
			return fmt.Sprintf("%s itself, above this program's directory %s in it", a.Why, report.Quote(name))
		}
		return a.Why
	}
	return "a value the analysis cannot follow"
}

// Pattern renders the origin as an inventory pattern: "repo:logs/*.log",
// "temp", "cache:x", "user", "unknown".
func (a Origin) Pattern() string {
	withPath := func(prefix string) string {
		p := DisplayPath(a.Path)
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
