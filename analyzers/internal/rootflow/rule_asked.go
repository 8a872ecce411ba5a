package rootflow

import (
	"slices"

	"github.com/staterootlint/staterootlint/analyzers/internal/lattice"
	"golang.org/x/tools/go/ssa"
)

// askedRule: the home directory that arrives at a phi over an edge that
// runs only where a user's flag holds (`if *global { dir = home }`) is
// the home directory the user asked for: it is tagged Asked, and a path
// the user chose below it is the user's (projectdir.go).
//
// Unsound where the flag does not mean "use my home directory" (a flag
// that turns on a feature whose files the program keeps in the home
// directory): that directory is taken for the user's.
type askedRule struct{}

func (askedRule) name() string { return "asked" }

func (askedRule) edgeValue(ctx ruleContext, phi *ssa.Phi, i int, v Origins) Origins {
	return asked(ctx, phi, i, v)
}

// asked marks the home directory that arrives at phi over edge i as asked
// for when the edge runs only where a user's flag holds (if *global {
// dir = home }).
func asked(ctx ruleContext, phi *ssa.Phi, i int, v Origins) Origins {
	if !slices.ContainsFunc(v, func(a Origin) bool { return a.Kind == Bad && a.Cause == CauseHome && !a.Flag(lattice.Asked) }) {
		return v
	}
	preds := phi.Block().Preds
	if i >= len(preds) || !userBranch(ctx, preds[i]) {
		return v
	}
	return v.Map(func(a Origin) Origins {
		if a.Kind == Bad && a.Cause == CauseHome {
			a.SetFlag(lattice.Asked, true)
		}
		return Origins{a}
	})
}

// userBranch reports whether block b runs only where a condition the
// user chose (a boolean flag) holds.
func userBranch(ctx ruleContext, b *ssa.BasicBlock) bool {
	for c := range dominating(b) {
		if c.holds && (c.kind == condOther || c.kind == condCall) && ctx.userChosen(ctx.eval(c.value), nil) {
			return true
		}
	}
	return false
}
