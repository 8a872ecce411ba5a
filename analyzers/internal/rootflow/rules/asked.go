package rules

import (
	"go/token"
	"slices"

	"github.com/staterootlint/staterootlint/analyzers/internal/knowledge"
	"github.com/staterootlint/staterootlint/analyzers/internal/lattice"
	"github.com/staterootlint/staterootlint/analyzers/internal/rootflow/code"
	"github.com/staterootlint/staterootlint/analyzers/internal/rootflow/hook"
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

func (askedRule) Name() string { return "asked" }

func (askedRule) EdgeValue(ctx hook.Context, phi *ssa.Phi, i int, v lattice.Origins) lattice.Origins {
	return asked(ctx, phi, i, v)
}

// asked marks the home directory that arrives at phi over edge i as asked
// for when the edge runs only where a user's flag holds (if *global {
// dir = home }).
func asked(ctx hook.Context, phi *ssa.Phi, i int, v lattice.Origins) lattice.Origins {
	if !slices.ContainsFunc(v, func(a lattice.Origin) bool {
		return a.Kind == lattice.Bad && a.Cause == knowledge.CauseHome && !a.Flag(lattice.Asked)
	}) {
		return v
	}
	preds := phi.Block().Preds
	if i >= len(preds) || !userBranch(ctx, preds[i]) {
		return v
	}
	return v.Map(func(a lattice.Origin) lattice.Origins {
		if a.Kind == lattice.Bad && a.Cause == knowledge.CauseHome {
			a.SetFlag(lattice.Asked, true)
		}
		return lattice.Origins{a}
	})
}

// userBranch reports whether block b runs only where a condition the
// user chose (a boolean flag) holds.
func userBranch(ctx hook.Context, b *ssa.BasicBlock) bool {
	for c := range code.Dominating(b) {
		if c.Holds && (c.Kind == code.CondOther || c.Kind == code.CondCall) && (ctx.UserChosen(ctx.Eval(c.Value), nil) || userField(ctx, c.Value)) {
			return true
		}
	}
	return false
}

// userField reports whether v reads a field (of whichever object: a
// command's options struct its caller passes) that every store the
// package makes binds to the user's choice (fs.BoolVar(&o.inHome, ...)).
func userField(ctx hook.Context, v ssa.Value) bool {
	var key string
	switch v := v.(type) {
	case *ssa.UnOp:
		fa, ok := v.X.(*ssa.FieldAddr)
		if !ok || v.Op != token.MUL {
			return false
		}
		key = code.FieldKey(fa.X.Type(), fa.Field, ctx)
	case *ssa.Field:
		key = code.FieldKey(v.X.Type(), v.Field, ctx)
	default:
		return false
	}
	stores := ctx.CellStores(key)
	return len(stores) > 0 && ctx.UserChosen(stores, nil)
}
