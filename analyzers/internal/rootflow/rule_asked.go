package rootflow

import (
	"go/token"
	"slices"

	"github.com/staterootlint/staterootlint/analyzers/internal/lattice"
	"golang.org/x/tools/go/ssa"
)

// askedRule: the home directory (or a directory below it) that arrives at
// a phi over an edge that runs only where a user's flag holds (`if
// *global { dir = home }`, `if o.inHome { dir = Join(home, ".ssh") }`
// with o.inHome bound to a flag) is the directory the user asked for:
// it is tagged Asked, and a path the user chose below it is the user's
// (projectdir.go).
//
// Unsound where the flag does not mean "use my home directory" (a flag
// that turns on a feature whose files the program keeps in the home
// directory): that directory is taken for the user's; and a constant
// directory the program joins below it after the branch is taken for
// part of what the user asked for.
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
		if c.holds && (c.kind == condOther || c.kind == condCall) && (ctx.userChosen(ctx.eval(c.value), nil) || userField(ctx, c.value)) {
			return true
		}
	}
	return false
}

// userField reports whether v reads a field (of whichever object: a
// command's options struct its caller passes) that every store the
// package makes binds to the user's choice (fs.BoolVar(&o.inHome, ...)).
func userField(ctx ruleContext, v ssa.Value) bool {
	var key string
	switch v := v.(type) {
	case *ssa.UnOp:
		fa, ok := v.X.(*ssa.FieldAddr)
		if !ok || v.Op != token.MUL {
			return false
		}
		key = fieldKey(fa.X.Type(), fa.Field, ctx)
	case *ssa.Field:
		key = fieldKey(v.X.Type(), v.Field, ctx)
	default:
		return false
	}
	stores := ctx.cellStores(key)
	return len(stores) > 0 && ctx.userChosen(stores, nil)
}
