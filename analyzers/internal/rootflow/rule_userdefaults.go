package rootflow

import (
	"slices"

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

func (userDefaultsRule) name() string { return "user-defaults" }

func (userDefaultsRule) phiJoin(ctx ruleContext, _ *ssa.Phi, v Origins) Origins {
	return userDefaults(ctx, v)
}

// userDefaults applies the rule that a default standing in for the user's
// choice is the user's choice: where a user-chosen value meets a path in or
// relative to the working directory ("." when no argument was given,
// os.Getwd when the flag said "."), the working directory is what the user
// chose by not choosing. Other origins (a home directory fallback) stay.
// A field or variable that only ever holds user-chosen values (a flag's
// value copied into an options struct) counts as user-chosen.
func userDefaults(ctx ruleContext, v Origins) Origins {
	isUser := func(a Origin) bool {
		if a.Kind == User {
			return true
		}
		if a.Kind != Cell || a.Path != "" {
			return false
		}
		stored := ctx.cellStores(a.Key)
		return len(stored) > 0 && !slices.ContainsFunc(stored, func(b Origin) bool { return b.Kind != User })
	}
	if !slices.ContainsFunc(v, isUser) {
		return v
	}
	return v.Map(func(a Origin) Origins {
		if a.Kind == Bad && (a.Cause == CauseCwd || a.Cause == CauseLiteral && a.Rel) {
			return Origins{{Kind: User}}
		}
		return Origins{a}
	})
}
