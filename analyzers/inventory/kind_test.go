package inventory

import (
	"testing"

	"github.com/staterootlint/staterootlint/analyzers/internal/rootflow"
)

// TestKindOfOutsideOrigins: a write the analysis cannot follow is listed
// as unproven (the unproven analyzer's), one proven outside every root as
// unknown (shadowwrite's).
func TestKindOfOutsideOrigins(t *testing.T) {
	for _, c := range []struct {
		atom rootflow.Origin
		want string
	}{
		{rootflow.Origin{Kind: rootflow.Bad, Why: "a map element, which the analysis cannot follow"}, KindUnproven},
		{rootflow.Origin{Kind: rootflow.Bad, Cause: rootflow.CauseLimit}, KindUnproven},
		{rootflow.Origin{Kind: rootflow.Bad, Cause: rootflow.CauseLiteral, Lit: "x", Rel: true}, KindUnknown},
		{rootflow.Origin{Kind: rootflow.Bad, Cause: rootflow.CauseHome}, KindUnknown},
		{rootflow.Origin{Kind: rootflow.Rooted, Root: "repo"}, "repo"},
	} {
		if got, ok := kindOf(c.atom); !ok || got != c.want {
			t.Errorf("kindOf(%v) = %q, %v; want %q", c.atom, got, ok, c.want)
		}
	}
}

// TestWithAtomUnproven: the table's rows and the per-command rows share
// withAtom, so an unproven write has the pattern unproven in both.
func TestWithAtomUnproven(t *testing.T) {
	a, ok := withAtom(Artifact{Op: "os.WriteFile"}, rootflow.Origin{Kind: rootflow.Bad, Why: "a map element, which the analysis cannot follow"})
	if !ok || a.Kind != KindUnproven || a.Pattern != PatternUnproven || a.Detail == "" {
		t.Errorf("withAtom(unproven) = %+v, %v; want kind and pattern unproven, with the detail", a, ok)
	}
	if _, ok := withAtom(Artifact{}, rootflow.Origin{Kind: rootflow.Param}); ok {
		t.Error("withAtom(param) is concrete; want a symbolic atom left to its callers")
	}
}
