package rules

import (
	"slices"

	"github.com/staterootlint/staterootlint/analyzers/internal/knowledge"
	"github.com/staterootlint/staterootlint/analyzers/internal/lattice"
	"github.com/staterootlint/staterootlint/analyzers/internal/rootflow/hook"
	"golang.org/x/tools/go/ssa"
)

// userDefaultsRule: a default standing in for the user's choice is the
// user's choice. Where a user-chosen value meets, at a phi, a path in or
// relative to the working directory ("." when no argument was given,
// os.Getwd when the flag said "."), the working directory is what the user
// chose by not choosing. A field or variable that only ever holds
// user-chosen values (a flag's value copied into an options struct) counts
// as user-chosen.
//
// Unsound where the working-directory path meets a user's value on a
// branch the user's value does not decide (the program writes its own
// file in the working directory on another branch): that write is taken
// for the user's too.
type userDefaultsRule struct{}

func (userDefaultsRule) Name() string { return "user-defaults" }

func (userDefaultsRule) PhiJoin(ctx hook.Context, _ *ssa.Phi, v lattice.Origins) lattice.Origins {
	return userDefaults(ctx, v)
}

// userDefaults applies the rule that a default standing in for the user's
// choice is the user's choice: where a user-chosen value meets a path in or
// relative to the working directory ("." when no argument was given,
// os.Getwd when the flag said "."), the working directory is what the user
// chose by not choosing. Other origins (a home directory fallback) stay.
// A field or variable that only ever holds user-chosen values (a flag's
// value copied into an options struct) counts as user-chosen.
func userDefaults(ctx hook.Context, v lattice.Origins) lattice.Origins {
	isUser := func(a lattice.Origin) bool {
		if a.Kind == lattice.User {
			return true
		}
		if a.Kind != lattice.Cell || a.Path != "" {
			return false
		}
		stored := ctx.CellStores(a.Key)
		return len(stored) > 0 && !slices.ContainsFunc(stored, func(b lattice.Origin) bool { return b.Kind != lattice.User })
	}
	if !slices.ContainsFunc(v, isUser) {
		return v
	}
	return v.Map(func(a lattice.Origin) lattice.Origins {
		if a.Kind == lattice.Bad && (a.Cause == knowledge.CauseCwd || a.Cause == knowledge.CauseLiteral && a.Rel) {
			return lattice.Origins{{Kind: lattice.User}}
		}
		return lattice.Origins{a}
	})
}
