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
