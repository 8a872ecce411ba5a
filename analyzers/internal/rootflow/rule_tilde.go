package rootflow

import (
	"go/token"
	"slices"
	"strings"

	"github.com/staterootlint/staterootlint/analyzers/internal/lattice"

	"golang.org/x/tools/go/ssa"
)

// tildeRule: where a path x was found to start with "~" (x[:2] == "~/",
// strings.HasPrefix(x, "~"), the prefix spelled with fmt.Sprintf and the
// separator), the home directory joined or concatenated with the rest of
// x (x[1:], x[2:], strings.TrimPrefix(x, "~/")) is x with its "~"
// expanded: the same place x names; and where x == "~", the home
// directory returned is x spelled out. So the result is x's origins: the user's where the user
// typed it, the caller's where x is a parameter; where x is a literal of
// the program's own, the home-based path stays, and is reported as such.
//
// Unsound where the "home directory" the program expands onto is not the
// one the user meant by "~" (a program that expands "~" onto another
// user's home): the user's choice is taken for it.
type tildeRule struct{}

func (tildeRule) name() string { return "tilde" }

func (tildeRule) concat(ctx ruleContext, b *ssa.BinOp) (Origins, bool) {
	return tildeExpanded(ctx, b.X, b.Y, b.Block())
}

func (tildeRule) returnValue(ctx ruleContext, b *ssa.BasicBlock, _ ssa.Value, v Origins) (Origins, bool) {
	if !slices.ContainsFunc(v, bareHome) {
		return nil, false
	}
	for c := range dominating(b) {
		if c.holds && c.kind == condCmp && c.isStr && c.str == "~" {
			home := slices.DeleteFunc(slices.Clone(v), func(a Origin) bool { return !bareHome(a) })
			rest := slices.DeleteFunc(slices.Clone(v), bareHome)
			return lattice.Union(spelledOut(ctx, c.x, home), rest), true
		}
	}
	return nil, false
}

// bareHome reports whether a is the home directory itself.
func bareHome(a Origin) bool { return a.Kind == Bad && a.Cause == CauseHome && a.Path == "" }

func (tildeRule) join(ctx ruleContext, first ssa.Value, rest []ssa.Value, _ string, _ token.Position) (Origins, bool) {
	if len(rest) != 1 {
		return nil, false
	}
	return tildeExpanded(ctx, first, rest[0], blockOf(rest[0]))
}

// tildeExpanded returns x's origins when base is the home directory, rest
// is x past its leading "~" (the home directory: os.UserHomeDir, with or
// without an override variable the user or root-env sets) and blk runs
// only where x starts with "~";
// ok false otherwise. x's literal origins keep the home-based value.
func tildeExpanded(ctx ruleContext, base, rest ssa.Value, blk *ssa.BasicBlock) (Origins, bool) {
	x := tildeRest(rest)
	if x == nil || blk == nil {
		return nil, false
	}
	home := ctx.eval(base)
	if len(home) == 0 {
		return nil, false
	}
	sawHome := false
	for _, a := range home {
		switch {
		case a.Kind == Bad && a.Cause == CauseHome && a.Path == "":
			sawHome = true
		case (a.Kind == Rooted || a.Kind == User) && a.Path == "":
			// an override of the home directory (GOPASS_HOMEDIR)
		default:
			return nil, false
		}
	}
	if !sawHome {
		return nil, false
	}
	if !startsWithTilde(ctx, x, blk) {
		return nil, false
	}
	return spelledOut(ctx, x, home), true
}

// spelledOut is x, a path that starts with "~", with its "~" expanded
// onto home: x's origins, except that the program's own literal is the
// home-based path it spells.
func spelledOut(ctx ruleContext, x ssa.Value, home Origins) Origins {
	return ctx.eval(x).Map(func(a Origin) Origins {
		if a.Kind == Bad && a.Cause == CauseLiteral {
			return home.Map(func(h Origin) Origins {
				return Origins{h.AppendPath(strings.TrimPrefix(strings.TrimPrefix(a.Lit, "~"), "/"), a.At)}
			})
		}
		return Origins{a}
	})
}

// tildeRest returns x when rest is x past a leading "~" or "~/": x[1:],
// x[2:], or strings.TrimPrefix(x, "~") or (x, "~/"); nil otherwise.
func tildeRest(rest ssa.Value) ssa.Value {
	switch r := rest.(type) {
	case *ssa.Slice:
		if r.High != nil || r.Low == nil {
			return nil
		}
		if k, ok := constInt(r.Low); ok && (k == 1 || k == 2) {
			return r.X
		}
	case *ssa.Call:
		fn := r.Call.StaticCallee()
		if fn == nil || len(r.Call.Args) != 2 || funcKey(fn) != "strings.TrimPrefix" {
			return nil
		}
		if s, ok := constString(r.Call.Args[1]); ok && (s == "~" || s == "~/") {
			return r.Call.Args[0]
		}
	}
	return nil
}

// startsWithTilde reports whether the conditions that hold wherever blk
// runs say x starts with "~": x[:n] == "~...", strings.HasPrefix(x,
// "~..."), or x == "~..."; on every side of an || that leads there.
func startsWithTilde(ctx ruleContext, x ssa.Value, blk *ssa.BasicBlock) bool {
	return holdsWhere(blk, func(c cond) bool {
		tested := c.kind == condPrefix || c.kind == condCmp && c.isStr
		return tested && c.holds && c.x == x && strings.HasPrefix(c.str, "~")
	})
}
