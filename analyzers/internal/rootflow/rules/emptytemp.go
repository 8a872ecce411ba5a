package rules

import (
	"go/token"

	"github.com/staterootlint/staterootlint/analyzers/internal/lattice"
	"github.com/staterootlint/staterootlint/analyzers/internal/rootflow/hook"
	"golang.org/x/tools/go/ssa"
)

// emptyTempRule: an empty directory argument of os.CreateTemp and
// os.MkdirTemp means os.TempDir, and so does an empty argument of a helper
// that passes its parameter there (the parameter origin's tag EmptyTemp):
// at a call of such a helper, the caller's empty argument is a temporary
// path.
//
// Unsound only if the helper changes the parameter on a path the summary
// does not see; the tag is set where the parameter reaches the call as it
// is.
type emptyTempRule struct{}

func (emptyTempRule) Name() string { return "empty-temp" }

// CheckValue: a requirement from such a directory parameter (ReqEmptyTemp)
// reads the caller's empty value as os.TempDir too.
func (emptyTempRule) CheckValue(_ hook.Context, r lattice.Req, v lattice.Origins) lattice.Origins {
	if r.Tags.Flag(lattice.ReqEmptyTemp) {
		return hook.EmptyIsTemp(v)
	}
	return v
}

func (emptyTempRule) BindArg(_ hook.Context, a lattice.Origin, arg lattice.Origins, _ []ssa.Value, _ token.Position) lattice.Origins {
	if a.Flag(lattice.EmptyTemp) {
		return hook.EmptyIsTemp(arg)
	}
	return arg
}
