package rootflow

import (
	"cmp"
	"go/token"
	"go/types"
	"slices"
	"strings"

	"github.com/staterootlint/staterootlint/analyzers/internal/knowledge"
	"github.com/staterootlint/staterootlint/analyzers/internal/lattice"
	"github.com/staterootlint/staterootlint/analyzers/internal/report"
	"github.com/staterootlint/staterootlint/analyzers/internal/rootflow/code"
	"golang.org/x/tools/go/ssa"
)

// librarySuffix is the import path suffix of the stateroots library. Its
// authorities are what every program can use; a program's own authorities
// are the ones worth naming in a diagnostic's advice.
const librarySuffix = "staterootlint/stateroots"

// programAuthorities returns the authorities the package can see, other
// than the stateroots library's and other than sources of user-chosen,
// temporary or cache paths (they are not where durable state goes),
// sorted by name.
func (ix *index) programAuthorities() []AuthorityRef {
	seen := map[string]string{}
	add := func(name, kind string) {
		switch {
		case kind == "user", kind == "temp", kind == "cache", strings.HasSuffix(kind, ":"+AuthorityBase):
			return // a shared base is no root to derive a path from
		}
		if pkg := report.NamePackage(name); pkg == "" || strings.HasSuffix(pkg, librarySuffix) {
			return
		}
		if _, ok := seen[name]; !ok {
			seen[name] = kind
		}
	}
	cells := map[string]bool{}
	for _, a := range ix.cfg.Authorities {
		name, kind, _ := strings.Cut(a, "=")
		if kind == "" {
			kind = "state"
		}
		add(name, kind)
		cells[FieldCellKey(name)] = true
	}
	for name, kind := range ix.authorities {
		if !cells[name] { // a field authority's cell key ("pkg.T.F") is named above
			add(name, kind)
		}
	}
	for _, of := range ix.pass.AllObjectFacts() {
		if f, ok := of.Fact.(*FuncFact); ok {
			if f = ix.loaded(f); f == nil || f.Authority == "" {
				continue
			}
			if fn, ok := of.Object.(*types.Func); ok {
				add(fn.FullName(), f.Authority)
			}
		}
	}
	out := make([]AuthorityRef, 0, len(seen))
	for name, kind := range seen {
		kind, _, _ = strings.Cut(kind, ":") // global:file resolves the global root too
		out = append(out, AuthorityRef{Name: name, Kind: kind})
	}
	slices.SortFunc(out, func(a, b AuthorityRef) int { return cmp.Compare(a.Name, b.Name) })
	return out
}

// kindUnstated is the kind of a configured authority that names none
// (`pkg.F` without `=KIND`): a state root of a kind the configuration
// does not say, which fits every write.
const kindUnstated = "state"

// FitKinds returns the root kinds that fit a state path replacing a value
// from origin a: repo or project for a path relative to the working
// directory, global for the home and user config directories and the
// variables that name them ($HOME, $XDG_CONFIG_HOME), cache for
// $XDG_CACHE_HOME, the root a path climbed out of for a climb. It returns
// nil when the origin says nothing of the kind (a fixed absolute path, a
// variable of the program's own, the executable's directory): then any
// kind fits.
func FitKinds(a Origin) []string {
	switch {
	case a.Rel || a.Cause == CauseCwd:
		return []string{"repo", "project"}
	case a.Cause == CauseHome:
		return []string{"global"}
	case a.Cause == CauseEnv:
		if name := a.EnvVar(); name == "XDG_CACHE_HOME" {
			return []string{"cache"}
		} else if ok, _ := knowledge.IsHomeEnv(name); ok {
			return []string{"global"}
		}
	case a.Cause == CauseClimb && a.Root != "":
		return []string{a.Root}
	}
	return nil
}

// libraryAuthorities are the stateroots functions that resolve each root
// kind, for advice when the program has no authority of its own that
// fits.
var libraryAuthorities = map[string]string{
	"repo":    "stateroots.RepoStateRoot",
	"project": "stateroots.RepoStateRoot", // the project's own state lives in its repo root
	"hub":     "stateroots.HubStateRoot",
	"global":  "stateroots.GlobalStateRoot",
	"cache":   "stateroots.CacheRoot",
}

// LibraryAuthority names the stateroots function whose root fits a state
// path replacing a value from origin a (FitKinds): stateroots.RepoStateRoot
// when any kind fits.
func LibraryAuthority(a Origin) string {
	if kinds := FitKinds(a); len(kinds) > 0 {
		if name, ok := libraryAuthorities[kinds[0]]; ok {
			return name
		}
	}
	return libraryAuthorities["repo"]
}

// ConfiguredAuthorities returns the configured authorities ("pkg.F",
// "(*pkg.T).M", each optionally "=KIND" or "=KIND:file") that resolve state
// roots, for an analyzer that reads the configuration itself: not the
// sources of user-chosen, temporary or cache paths, nor shared bases
// (=KIND:base). A name without a kind
// is of kind "state".
func ConfiguredAuthorities(configured []string) []AuthorityRef {
	var out []AuthorityRef
	for _, c := range configured {
		name, kind, _ := strings.Cut(strings.TrimSpace(c), "=")
		kind, word, _ := strings.Cut(kind, ":")
		switch {
		case name == "" || report.NamePackage(name) == "" || word == AuthorityBase:
			continue // a shared base is no root to derive a path from
		case kind == "":
			kind = kindUnstated
		case kind == "user" || kind == "temp" || kind == "cache":
			continue
		}
		out = append(out, AuthorityRef{Name: name, Kind: kind})
	}
	return out
}

// Suggest returns up to two of the program's authorities to derive a path
// from, for a finding in the package pkgPath whose origin is a: those the
// package can call (Reachable) and whose root kind fits the origin
// (FitKinds; an authority of unstated kind fits any), the ones of a
// fitting kind before those of unstated kind. It returns nil when none
// does, and the advice names LibraryAuthority(a).
func (r *Result) Suggest(a Origin, pkgPath string) []AuthorityRef {
	return SuggestFrom(r.Authorities, a, pkgPath)
}

// SuggestFrom is Suggest over the authorities refs, sorted by name.
func SuggestFrom(refs []AuthorityRef, a Origin, pkgPath string) []AuthorityRef {
	kinds := FitKinds(a)
	var exact, unstated []AuthorityRef
	for _, ref := range refs {
		switch {
		case !Reachable(ref.Name, pkgPath):
		case kinds == nil || slices.Contains(kinds, ref.Kind):
			exact = append(exact, ref)
		case ref.Kind == kindUnstated:
			unstated = append(unstated, ref)
		}
	}
	out := append(exact, unstated...)
	return out[:min(2, len(out))]
}

// Reachable reports whether code in the package pkgPath can call the
// authority name ("pkg/path.F", "(*pkg/path.T).M", "pkg/path.V"): it is
// in that package, or it and its type are exported and its package is not
// an internal package outside pkgPath's tree (Go's rule for "internal").
func Reachable(name, pkgPath string) bool {
	pkg := report.NamePackage(name)
	if pkg == "" {
		return false
	}
	if pkg == pkgPath {
		return true
	}
	rest := strings.NewReplacer("(", "", ")", "", "*", "").Replace(strings.TrimSpace(name))
	rest = strings.TrimPrefix(rest, pkg+".")
	for _, id := range strings.Split(rest, ".") {
		if !token.IsExported(id) {
			return false
		}
	}
	parent := ""
	switch {
	case strings.HasSuffix(pkg, "/internal"):
		parent = strings.TrimSuffix(pkg, "/internal")
	case strings.Contains(pkg, "/internal/"):
		parent = pkg[:strings.LastIndex(pkg, "/internal/")]
	case pkg == "internal" || strings.HasPrefix(pkg, "internal/"):
		return true // a module rooted at "internal" is the analyzed tree's own
	default:
		return true
	}
	return pkgPath == parent || strings.HasPrefix(pkgPath, parent+"/")
}

// authorityOrigin is the origin of a value an authority returns. Its kind
// names a state root ("repo", "global", ...), except "user" and "temp":
// a configured source of user-chosen or temporary paths (a CLI library's
// flag accessor the engine does not know, a project's temp-dir helper).
func authorityOrigin(kind string) Origin {
	kind, word, _ := strings.Cut(kind, ":")
	if word == AuthorityFile && kind != "user" && kind != "temp" {
		// A file inside the root (a settings file): its directory is the
		// root, its siblings are inside it.
		return Origin{Kind: Rooted, Root: kind, Path: "*"}
	}
	switch kind {
	case "user":
		return Origin{Kind: User}
	case "temp":
		return Origin{Kind: Temp}
	}
	return Origin{Kind: Rooted, Root: kind}
}

// authorityValue is the origin of the value of the authority key of kind
// (a function's result, a variable's or field's value), read at at: a
// shared base is the directory above the program's root, named by the
// configured state-dir (lattice.Parent); any other kind is
// authorityOrigin's.
func (ix *index) authorityValue(key, kind string, at token.Position) Origin {
	root, word, _ := strings.Cut(kind, ":")
	if word == "" && mayNameFile(key) {
		a := authorityOrigin(kind)
		a.SetFlag(lattice.MayNameFile, a.Kind == Rooted)
		return a
	}
	if word != AuthorityBase || root == "user" || root == "temp" {
		return authorityOrigin(kind)
	}
	why := "the shared base " + lattice.ShortName(key)
	var names []string
	for _, d := range ix.cfg.StateDir {
		if n := strings.TrimPrefix(d, "."); n != "" {
			names = append(names, n)
		}
	}
	if len(names) == 0 {
		why += " (state-dir is not set, so this program's directory in it is not known: set state-dir)"
	}
	return lattice.Parent(root, names, why, at)
}

// authorityStore is what a store in fn holds, read at at, when fn (or
// the function a closure of fn is declared in) is an authority: the root
// it resolves, whatever it spells on the way there (the fields of a base
// directory specification its constructor fills from the home
// directory). Unsound where an authority also stores a path of another
// kind into a field: the declaration vouches for the function.
func (ix *index) authorityStore(fn *ssa.Function, at token.Position) (Origin, bool) {
	for fn != nil && fn.Parent() != nil {
		fn = fn.Parent()
	}
	if fn == nil {
		return Origin{}, false
	}
	key := code.FuncKey(code.Origin(fn))
	kind, ok := ix.authorities[key]
	if !ok {
		return Origin{}, false
	}
	return ix.authorityValue(key, kind, at), true
}

// mayNameFile reports whether the authority key, declared without the
// word file, may still return a file inside its root (SPEC §4.1): a
// program's function, variable or field may, and its file's own
// siblings are then inferred inside (lattice.MayNameFile). The stateroots
// library's roots are directories, and so is a root override read from
// the environment ("$NAME").
func mayNameFile(key string) bool {
	pkg := report.NamePackage(key)
	return !strings.HasPrefix(key, "$") && pkg != "" && !strings.HasSuffix(pkg, librarySuffix)
}

// authorityResult is what a call of an authority whose value is a returns. An
// authority whose one parameter is ...string takes path elements
// (DataPath("plugins", name)) and joins them below its root, so a call
// that passes elements it can see returns that pattern below the root:
// the directory of the result is the root or below, not its parent. An
// authority with other parameters (FindProjectRoot(start, markers...))
// returns its root whatever it is passed. Unsound for an authority whose
// one parameter is ...string and that does not join it below its root; a
// call whose elements it cannot see (elem... passed on) returns the root
// itself, as before.
func authorityResult(a Origin, common *ssa.CallCommon, args []ssa.Value, at token.Position) Origins {
	sig := common.Signature()
	if a.Kind != Rooted && !(a.Kind == Bad && a.Cause == CauseClimb) || !sig.Variadic() || sig.Params().Len() != 1 || len(args) == 0 {
		return Origins{a}
	}
	last := sig.Params().At(sig.Params().Len() - 1).Type().(*types.Slice)
	if b, ok := last.Elem().Underlying().(*types.Basic); !ok || b.Kind() != types.String {
		return Origins{a}
	}
	elems, ok := code.Varargs(args[len(args)-1])
	if !ok || len(elems) == 0 {
		return Origins{a}
	}
	return Origins{a.AppendPath(code.ElemsPattern(elems), at)}
}
