package rules

import (
	"go/token"
	"strings"

	"github.com/staterootlint/staterootlint/analyzers/internal/lattice"
	"github.com/staterootlint/staterootlint/analyzers/internal/rootflow/code"
	"github.com/staterootlint/staterootlint/analyzers/internal/rootflow/hook"
	"golang.org/x/tools/go/ssa"
)

// macOS shows its /var, /tmp and /etc also under /private (/var is a link
// to /private/var), and only the /private names can be mounted into a
// container: a program turns the temporary directory it made into its
// mountable name with Join("/private", dir). That path is the same
// temporary directory, so the join keeps the element's temp origins. Any
// other element below "/private" is a fixed path of the program's own, as
// before; a parameter is kept only where its empty value means the
// temporary directory (Origin.EmptyTemp), so a
// caller's rooted or user-chosen directory is not taken for its alias.

// privateAliasRule: see above.
//
// Unsound where a program keeps its own state below /private under a name
// its temporary directory gives (Join("/private", tmp) used as a state
// directory that outlives the run): taken for the temporary directory.
type privateAliasRule struct{}

func (privateAliasRule) Name() string { return "private-alias" }

func (privateAliasRule) Join(ctx hook.Context, first ssa.Value, rest []ssa.Value, suffix string, at token.Position) (lattice.Origins, bool) {
	return aliasJoin(ctx, first, rest, suffix, at)
}

// aliasRoot is the directory macOS shows its system directories under.
const aliasRoot = "/private"

// aliasJoin evaluates Join(first, rest...) when first is the constant
// aliasRoot; ok is false otherwise.
func aliasJoin(ctx hook.Context, first ssa.Value, rest []ssa.Value, suffix string, at token.Position) (lattice.Origins, bool) {
	s, isConst := code.ConstString(first)
	if !isConst || strings.TrimSuffix(s, "/") != aliasRoot || len(rest) == 0 {
		return nil, false
	}
	if _, isConst := code.ConstString(rest[0]); isConst {
		return nil, false // a fixed path below /private: the program's own
	}
	tail := suffix
	if s := code.ElemPattern(rest[0]); s != "" {
		tail = strings.TrimPrefix(strings.TrimPrefix(suffix, s), "/")
	}
	return ctx.Eval(rest[0]).Map(func(a lattice.Origin) lattice.Origins {
		switch {
		case a.Kind == lattice.Temp, a.Kind == lattice.Param && a.Flag(lattice.EmptyTemp):
			return lattice.Origins{a.AppendPath(tail, at)}
		}
		return lattice.Origins{lattice.Literal(aliasRoot, at).AppendPath(suffix, at)}
	}), true
}
