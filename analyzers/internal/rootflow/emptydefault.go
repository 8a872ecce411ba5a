package rootflow

import (
	"go/token"

	"github.com/staterootlint/staterootlint/analyzers/internal/lattice"
	"golang.org/x/tools/go/ssa"
)

// Defaults of empty values: after `if x == "" { x = def }`, x is def
// where it was "", and x itself where it was not.
//
// Where x was "" depends on what x is. The empty string is replaced by
// def. A parameter, a field or variable, a user's choice or a variable
// the caller names may be "" too, whatever the function's own callers
// pass (a library's caller, a flag left empty), so def is one more
// origin beside it: a home directory fallback of a parameter is reported
// in the function that builds it. A default relative to the working
// directory ("." when no folder is given) is not: like the "." that
// meets a user's choice (userDefaults), it is the working directory of
// whoever left x empty, and x's own callers decide what that is. A
// concrete path (a root, a literal, the cache directory) is never "",
// and its default never runs. On the other edge, x arrives only where it
// is not "": its empty origin is dropped.

// withDefault returns the origins of x after `if x == "" { x = def }`
// on the edge that took the default.
func withDefault(x, def Origins) Origins {
	return x.Map(func(a Origin) Origins {
		switch {
		case a.Kind == Empty:
			return def
		case mayBeEmpty(a):
			return lattice.Union(Origins{a}, def.Map(func(d Origin) Origins {
				if d.Kind == Empty || cwdRelative(d) {
					return nil
				}
				return Origins{d}
			}))
		}
		return Origins{a}
	})
}

// cwdRelative reports whether an origin is a path relative to the working
// directory: a relative literal or the working directory itself.
func cwdRelative(a Origin) bool {
	return a.Kind == Bad && (a.Cause == CauseCwd || a.Cause == CauseLiteral && a.Rel)
}

// mayBeEmpty reports whether an origin other than Empty can be the empty
// string: a symbolic or user-chosen value with nothing appended.
func mayBeEmpty(a Origin) bool {
	switch a.Kind {
	case Param, Cell, User, Env:
		return a.Path == ""
	}
	return false
}

// nonEmptyEdge reports whether the edge from pred into succ (a phi's) is
// taken only where v != "": pred's own branch on v == "" decides it, or
// pred runs only where v != "".
func nonEmptyEdge(pred, succ *ssa.BasicBlock, v ssa.Value) bool {
	if branch, ok := pred.Instrs[len(pred.Instrs)-1].(*ssa.If); ok && pred.Succs[0] != pred.Succs[1] {
		if cmp, ok := branch.Cond.(*ssa.BinOp); ok && (cmp.Op == token.EQL || cmp.Op == token.NEQ) {
			if x, s, isConst := comparedTo(cmp); isConst && s == "" && x == v {
				// Succs[0] is where the comparison holds.
				return (pred.Succs[0] == succ) == (cmp.Op == token.NEQ)
			}
		}
	}
	for cmp, equal := range guards(pred) {
		if x, s, isConst := comparedTo(cmp); isConst && s == "" && x == v && !equal {
			return true
		}
	}
	return false
}

// nonEmpty drops the empty origin of a value known not to be "".
func nonEmpty(v Origins) Origins {
	return v.Map(func(a Origin) Origins {
		if a.Kind == Empty {
			return nil
		}
		return Origins{a}
	})
}
