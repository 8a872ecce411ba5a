package rootflow

import (
	"go/token"

	"github.com/staterootlint/staterootlint/analyzers/internal/lattice"
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

func (emptyTempRule) name() string { return "empty-temp" }

// checkValue: a requirement from such a directory parameter (ReqEmptyTemp)
// reads the caller's empty value as os.TempDir too.
func (emptyTempRule) checkValue(_ ruleContext, r Req, v Origins) Origins {
	if r.Tags.Flag(lattice.ReqEmptyTemp) {
		return emptyIsTemp(v)
	}
	return v
}

func (emptyTempRule) bindArg(_ ruleContext, a Origin, arg Origins, _ []ssa.Value, _ token.Position) Origins {
	if a.Flag(lattice.EmptyTemp) {
		return emptyIsTemp(arg)
	}
	return arg
}
