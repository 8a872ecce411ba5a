package rootflow

import (
	"cmp"
	"go/token"
	"go/types"
	"slices"
	"strings"

	"github.com/staterootlint/staterootlint/analyzers/internal/knowledge"
	"github.com/staterootlint/staterootlint/analyzers/internal/report"
)

// librarySuffix is the import path suffix of the stateroots library. Its
// authorities are what every program can use; a program's own authorities
// are the ones worth naming in a diagnostic's advice.
const librarySuffix = "staterootlint/stateroots"

// AuthorityRef is a state-root authority the program declares: configured,
// or marked //staterootlint:authority in the package or a dependency.
type AuthorityRef struct {
	Name string // "example.com/app/internal/paths.StateDir", "(*pkg.T).M"
	Kind string // the root kind: "repo", "global", "state", ...
}

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
