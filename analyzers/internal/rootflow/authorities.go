package rootflow

import (
	"cmp"
	"go/types"
	"slices"
	"strings"

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
		switch kind {
		case "user", "temp", "cache":
			return
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
		cells[fieldAuthority(name)] = true
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

// Suggest returns up to two of the program's authorities to derive a path
// from, for a finding whose origin is a: the ones whose root kind fits
// the origin first (the global root for a path under the home directory,
// the repo root for one relative to the working directory), then the rest
// in order. It returns nil when the program has none of its own.
func (r *Result) Suggest(a Origin) []AuthorityRef {
	if len(r.Authorities) == 0 {
		return nil
	}
	want := ""
	switch a.Cause {
	case CauseHome, CauseEnv:
		want = "global"
	case CauseCwd, CauseLiteral:
		want = "repo"
	}
	refs := slices.Clone(r.Authorities)
	slices.SortStableFunc(refs, func(x, y AuthorityRef) int {
		xf, yf := x.Kind == want, y.Kind == want
		switch {
		case xf && !yf:
			return -1
		case yf && !xf:
			return 1
		}
		return 0
	})
	return refs[:min(2, len(refs))]
}
