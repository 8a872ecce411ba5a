package rules

import (
	"go/token"
	"slices"
	"strings"

	"github.com/staterootlint/staterootlint/analyzers/internal/knowledge"
	"github.com/staterootlint/staterootlint/analyzers/internal/lattice"
	"github.com/staterootlint/staterootlint/analyzers/internal/rootflow/code"
	"github.com/staterootlint/staterootlint/analyzers/internal/rootflow/hook"
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
// value the analysis cannot follow (data a decoder filled, a field that
// only such values or "" are stored into) is no one's choice in sight:
// its default is one more origin beside it, a name relative to the
// working directory included (a server's host key kept at .ssh/NAME when
// the configured path is empty), only the working directory itself
// ("." when no folder is given) being left to whoever left x empty. A
// concrete path (a root, a literal, the cache directory) is never "",
// and its default never runs. On the other edge, x arrives only where it
// is not "": its empty origin is dropped.

// cwdDefaultRule decides the edge of `if x == "." { x = <default> }` or
// `if x == "" { x = <default> }` that took the default: it is x spelled
// out (the working directory the user named with "."), or, for "", x with
// its empty origin replaced by the default (withDefault). On any other
// edge decided by x == "." (`if dest == "." { dest = os.Getwd() } else {
// dest = p.Dest }`, or a name relative to the working directory where x
// is "."), x is the working directory: the edge's paths relative to the
// working directory (os.Getwd's included) are rebased onto x's origins,
// so they are x's choice, a root, or x's shadow, as x is.
//
// The same default assigned through a field or package variable (`if
// o.Dir == "" { o.Dir = "." }`, `if e.dest == "." { e.dest, _ =
// os.Getwd() }`, the field read back by another function or package)
// stores no new origin (ExemptStore): x is the value the field held,
// compared on a load of the same address, and the stores that gave it
// that value are checked as they are. Where x is ".", a store of the
// working directory itself ("." or "./", os.Getwd) spells it out. Where
// x is "", a store of a path relative to the working directory is the
// default of an option left empty, as withDefault drops it for a
// parameter: only where every origin of x is a user's choice (a flag, a
// variable the user sets, a field filled only by those) and none is the
// empty string itself, the field's other stores being what x holds (a
// field no option fills, whose "." is the program's own working
// directory, is still reported; so is a field that also holds the
// working directory spelled out by another store, which is no user's
// choice). The engine asks the same of the stores into a new object it
// follows to the write (ctors.go).
//
// Unsound where the default is not what x stands for (a "." that the
// program maps to another directory of its own): that default is taken
// for x; for a store, where an object built without the field (its zero
// value, which no store shows) reaches the default; and where the field is changed between the load
// compared and the store (through another alias of the object) or the
// object is a pointer loaded again from a variable reassigned between
// them: the store is taken to be into the object compared.
type cwdDefaultRule struct{}

func (cwdDefaultRule) Name() string { return "cwd-default" }

func (cwdDefaultRule) PhiEdge(ctx hook.Context, phi *ssa.Phi, i int) (lattice.Origins, bool) {
	x, cmp, spelled := cwdDefault(ctx, phi, i)
	switch {
	case x == nil:
		return nil, false
	case spelled && cmp == "":
		// x = def when x == "": an empty x means the default.
		return withDefault(ctx, ctx.Eval(x), ctx.Eval(phi.Edges[i])), true
	case spelled:
		// dest = os.Getwd() when dest == ".": still dest.
		return ctx.Eval(x), true
	}
	// Another value where x == ".": x is the working directory there, so
	// what is relative to the working directory is below x.
	return ctx.Eval(phi.Edges[i]).Map(func(a lattice.Origin) lattice.Origins {
		if !cwdRelative(a) {
			return lattice.Origins{a}
		}
		return ctx.Eval(x).Map(func(b lattice.Origin) lattice.Origins { return lattice.Origins{b.AppendPath(a.Path, a.At)} })
	}), true
}

// ExemptStore: a store of the working directory into a field or
// variable where it is ".", or of a default relative to the working
// directory where it is "" and a user's choice otherwise (see the
// rule's doc).
func (cwdDefaultRule) ExemptStore(ctx hook.Context, s hook.StoreSite, _ lattice.Req) bool {
	st := storeInstr(s)
	if st == nil {
		return false
	}
	for c := range code.Dominating(st.Block()) {
		if c.Kind != code.CondCmp || !c.IsStr || !c.Holds || c.Str != "." && c.Str != "" {
			continue
		}
		load, isLoad := c.X.(*ssa.UnOp)
		if !isLoad || load.Op != token.MUL || !sameAddr(load.X, st.Addr) {
			continue
		}
		def := ctx.Eval(st.Val)
		if len(def) == 0 {
			return false
		}
		for _, d := range def {
			if c.Str == "." && !isCwd(d) || !cwdRelative(d) {
				return false
			}
		}
		if c.Str == "." {
			return true
		}
		x := ctx.Eval(c.X).Map(func(a lattice.Origin) lattice.Origins {
			if a.Kind != lattice.Cell || a.TextOf(lattice.MapKey) != "" || a.Flag(lattice.UserBelow) {
				return lattice.Origins{a}
			}
			// The field itself: what its other stores put there.
			return otherStores(ctx.CellStores(a.Key), def)
		})
		if len(x) == 0 {
			return false
		}
		for _, a := range x {
			if a.Kind == lattice.Empty {
				return false
			}
		}
		return ctx.UserChosen(x, nil)
	}
	return false
}

// storeInstr finds the store instruction of a store site into a field or
// package variable, nil for a site that is not one (a flag binding, a
// library's fill).
func storeInstr(s hook.StoreSite) *ssa.Store {
	if s.Val == nil || s.Addr == nil || s.Fn == nil {
		return nil
	}
	match := func(i ssa.Instruction) *ssa.Store {
		if st, ok := i.(*ssa.Store); ok && st.Addr == s.Addr && st.Val == s.Val && st.Parent() == s.Fn {
			return st
		}
		return nil
	}
	if refs := s.Addr.Referrers(); refs != nil {
		for _, r := range *refs {
			if st := match(r); st != nil {
				return st
			}
		}
		return nil
	}
	// A package variable keeps no referrers: its stores are found in
	// the function.
	for _, b := range s.Fn.Blocks {
		for _, i := range b.Instrs {
			if st := match(i); st != nil {
				return st
			}
		}
	}
	return nil
}

// otherStores is what the stores into a cell hold, stores holding the
// default def aside: the default is what is asked about.
func otherStores(stores, def lattice.Origins) lattice.Origins {
	var out lattice.Origins
	for _, a := range stores {
		if !slices.Contains(def, a) {
			out = append(out, a)
		}
	}
	return out
}

// sameAddr reports whether two addresses are the same field or variable
// of the same object: the same value, the same package variable, the
// same field of the same address, or a pointer loaded from the same
// package variable.
func sameAddr(a, b ssa.Value) bool {
	if a == b {
		return true
	}
	switch a := a.(type) {
	case *ssa.FieldAddr:
		b, ok := b.(*ssa.FieldAddr)
		return ok && a.Field == b.Field && sameAddr(a.X, b.X)
	case *ssa.UnOp:
		b, ok := b.(*ssa.UnOp)
		if !ok || a.Op != token.MUL || b.Op != token.MUL {
			return false
		}
		ga, isGlobal := a.X.(*ssa.Global)
		return isGlobal && ga == b.X
	}
	return false
}

// isCwd reports whether an origin is the working directory itself: "."
// or "./", or os.Getwd's result with nothing appended.
func isCwd(a lattice.Origin) bool {
	if a.Kind != lattice.Bad {
		return false
	}
	if a.Cause == knowledge.CauseCwd {
		return a.Path == "" && a.Src == "os.Getwd"
	}
	return a.Cause == knowledge.CauseLiteral && a.Rel && !strings.Contains(a.Lit+a.Path, "*") &&
		lattice.CleanPattern(lattice.JoinPattern(a.Lit, a.Path)) == "."
}

// cwdDefault finds the comparison that decides edge i of phi: x == "."
// or x == "" holding on every path to it. It returns x, the string
// compared with, and whether x is also another edge of phi (`if x == "."
// { x = <default> }`: the edge spells x out); x nil when no such
// comparison decides the edge, or when it compares with "" and x is not
// another edge.
func cwdDefault(ctx hook.Context, phi *ssa.Phi, i int) (x ssa.Value, cmp string, spelled bool) {
	preds := phi.Block().Preds
	if i >= len(preds) {
		return nil, "", false
	}
	for c := range code.Dominating(preds[i]) {
		x, s := c.X, c.Str
		if c.Kind != code.CondCmp || !c.IsStr || s != "." && s != "" || !c.Holds {
			continue
		}
		for j, other := range phi.Edges {
			if j != i && other == x {
				return x, s, true
			}
		}
		if s == "." {
			return x, s, false
		}
		return nil, "", false
	}
	return nil, "", false
}

// withDefault returns the origins of x after `if x == "" { x = def }`
// on the edge that took the default.
func withDefault(ctx hook.Context, x, def lattice.Origins) lattice.Origins {
	return x.Map(func(a lattice.Origin) lattice.Origins {
		switch {
		case a.Kind == lattice.Empty:
			return def
		case unknownMayBeEmpty(ctx, a):
			// Nobody in sight leaves it empty: where it is, the default
			// is the program's own, unless it is the working directory
			// itself ("." when no folder is given).
			return lattice.Union(lattice.Origins{a}, def.Map(func(d lattice.Origin) lattice.Origins {
				if d.Kind == lattice.Empty || isCwd(d) {
					return nil
				}
				return lattice.Origins{d}
			}))
		case mayBeEmpty(a):
			return lattice.Union(lattice.Origins{a}, def.Map(func(d lattice.Origin) lattice.Origins {
				if d.Kind == lattice.Empty || cwdRelative(d) {
					return nil
				}
				return lattice.Origins{d}
			}))
		}
		return lattice.Origins{a}
	})
}

// unknownMayBeEmpty reports whether an origin, with nothing appended, is
// a value the analysis cannot follow (data a decoder filled, an unknown
// call's result), or a field or variable that only such values (or the
// empty string) are stored into: it may be the empty string, and neither
// a caller nor the user is seen to leave it so.
func unknownMayBeEmpty(ctx hook.Context, a lattice.Origin) bool {
	if a.Path != "" {
		return false
	}
	switch a.Kind {
	case lattice.Bad:
		return a.Cause.Unproven()
	case lattice.Cell:
		if a.TextOf(lattice.MapKey) != "" || a.Flag(lattice.UserBelow) || a.Num(lattice.Obj) > 0 {
			return false
		}
		stores := ctx.CellStores(a.Key)
		return len(stores) > 0 && !slices.ContainsFunc(stores, func(s lattice.Origin) bool {
			return s.Kind != lattice.Empty && (s.Kind != lattice.Bad || !s.Cause.Unproven() || s.Path != "")
		})
	}
	return false
}

// cwdRelative reports whether an origin is a path relative to the working
// directory: a relative literal or the working directory itself.
func cwdRelative(a lattice.Origin) bool {
	return a.Kind == lattice.Bad && (a.Cause == knowledge.CauseCwd || a.Cause == knowledge.CauseLiteral && a.Rel)
}

// mayBeEmpty reports whether an origin other than Empty can be the empty
// string: a symbolic or user-chosen value with nothing appended.
func mayBeEmpty(a lattice.Origin) bool {
	switch a.Kind {
	case lattice.Param, lattice.Cell, lattice.User, lattice.Env:
		return a.Path == ""
	}
	return false
}
