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

// tildeRule: where a path x was found to start with "~" (x[:2] == "~/",
// strings.HasPrefix(x, "~"), the prefix spelled with fmt.Sprintf and the
// separator), the home directory joined or concatenated with the rest of
// x (x[1:], x[2:], strings.TrimPrefix(x, "~/")) is x with its "~"
// expanded: the same place x names; and where x == "~", the home
// directory returned is x spelled out. So the result is x's origins: the user's where the user
// typed it, the caller's where x is a parameter; where x is a literal of
// the program's own, the home-based path stays, and is reported as such.
//
// strings.Replace(x, "~", home, ...) and strings.ReplaceAll are the same
// expansion, where x starts with "~" (a literal that does not is left as
// it is; one with a "~" further in is a path the analysis cannot tell).
//
// Through a call: where x is the function's parameter, its callers get
// what it does with their argument's "~" (the tag Tilde): the parameter
// expanded onto the home directory, and the parameter returned only
// where it does not start with "~" ("=~", "~/": x == "~" and
// strings.HasPrefix(x, "~/") false where it is returned). A "~" the
// caller spelled is the home-based path it names on the first, nothing
// on the second (syncthing's fs.ExpandTilde("~") is the home directory,
// not "~" relative to the working directory).
//
// Unsound where the "home directory" the program expands onto is not the
// one the user meant by "~" (a program that expands "~" onto another
// user's home): the user's choice is taken for it.
type tildeRule struct{}

func (tildeRule) Name() string { return "tilde" }

func (tildeRule) Concat(ctx hook.Context, b *ssa.BinOp) (lattice.Origins, bool) {
	return tildeExpanded(ctx, b.X, b.Y, b.Block())
}

func (tildeRule) ReturnValue(ctx hook.Context, b *ssa.BasicBlock, _ ssa.Value, v lattice.Origins) (lattice.Origins, bool) {
	if slices.ContainsFunc(v, bareHome) {
		for c := range code.Dominating(b) {
			if c.Holds && c.Kind == code.CondCmp && c.IsStr && c.Str == "~" {
				home := slices.DeleteFunc(slices.Clone(v), func(a lattice.Origin) bool { return !bareHome(a) })
				rest := slices.DeleteFunc(slices.Clone(v), bareHome)
				return lattice.Union(spelledOut(ctx, c.X, home), rest), true
			}
		}
	}
	return notTilde(ctx, b, v)
}

// Replace: a "~" replaced by the home directory is expanded.
func (tildeRule) Replace(ctx hook.Context, x, old, new ssa.Value, at token.Position) (lattice.Origins, bool) {
	if s, ok := code.ConstString(old); !ok || s != "~" {
		return nil, false
	}
	home := ctx.Eval(new)
	if len(home) != 1 || !bareHome(home[0]) {
		return nil, false
	}
	return ctx.Eval(x).Map(func(a lattice.Origin) lattice.Origins {
		switch {
		case bareParam(a):
			a.SetText(lattice.Tilde, "home:"+home[0].Src)
		case a.Kind == lattice.Bad && a.Cause == knowledge.CauseLiteral && strings.HasPrefix(a.Lit, "~"):
			return lattice.Origins{home[0].AppendPath(pastTilde(a.Lit), a.At).Extend(a.Path, a.Raw, at)}
		case a.Kind == lattice.Bad && a.Cause == knowledge.CauseLiteral && strings.Contains(a.Lit+a.Path, "~"):
			return lattice.Origins{{Kind: lattice.Bad, Cause: knowledge.CauseUnproven, Why: "a path with a \"~\" inside it replaced by the home directory", At: at}}
		}
		return lattice.Origins{a} // the user's, the caller's, a literal with no "~": as they are
	}), true
}

// notTilde tags the parameters v returns, where the conditions that hold
// wherever b runs say the parameter is not "~" or does not start with
// "~/" (or "~"), with the forms it is not (Tilde "not:..."); ok false
// where there is none.
func notTilde(ctx hook.Context, b *ssa.BasicBlock, v lattice.Origins) (lattice.Origins, bool) {
	if !slices.ContainsFunc(v, bareParam) {
		return nil, false
	}
	var forms []string
	var tested []lattice.Origins
	for c := range code.Dominating(b) {
		if c.Holds || !strings.HasPrefix(c.Str, "~") {
			continue
		}
		switch {
		case c.Kind == code.CondCmp && c.IsStr && c.Str == "~":
			forms = append(forms, "=~")
		case c.Kind == code.CondPrefix && (c.Str == "~" || c.Str == "~/"):
			forms = append(forms, c.Str)
		default:
			continue
		}
		tested = append(tested, ctx.Eval(c.X))
	}
	if len(forms) == 0 {
		return nil, false
	}
	slices.Sort(forms)
	forms = slices.Compact(forms)
	changed := false
	out := v.Map(func(a lattice.Origin) lattice.Origins {
		if !bareParam(a) || a.TextOf(lattice.Tilde) != "" || !slices.ContainsFunc(tested, func(t lattice.Origins) bool { return sameParam(t, a) }) {
			return lattice.Origins{a}
		}
		a.SetText(lattice.Tilde, "not:"+strings.Join(forms, ","))
		changed = true
		return lattice.Origins{a}
	})
	return out, changed
}

// bareParam reports whether a is a parameter itself, nothing joined.
func bareParam(a lattice.Origin) bool { return a.Kind == lattice.Param && a.Path == "" }

// sameParam reports whether v is parameter a and nothing else.
func sameParam(v lattice.Origins, a lattice.Origin) bool {
	return len(v) == 1 && bareParam(v[0]) && v[0].Key == a.Key && v[0].Index == a.Index
}

// BindArg: a "~" the caller spelled, bound to a parameter the callee
// expands onto the home directory, is the home-based path it names; to
// one the callee returns only where it does not start so, nothing.
func (tildeRule) BindArg(_ hook.Context, a lattice.Origin, arg lattice.Origins, _ []ssa.Value, at token.Position) lattice.Origins {
	how := a.TextOf(lattice.Tilde)
	if how == "" {
		return arg
	}
	return arg.Map(func(b lattice.Origin) lattice.Origins {
		text, ok := spelledTilde(b)
		if !ok {
			return lattice.Origins{b}
		}
		if src, ok := strings.CutPrefix(how, "home:"); ok {
			f, known := knowledge.Lookup(src)
			if !known || f.Cause != knowledge.CauseHome {
				return lattice.Origins{b}
			}
			home := lattice.Origin{Kind: lattice.Bad, Why: f.Why, Cause: f.Cause, Src: src, At: at}
			return lattice.Origins{home.AppendPath(pastTilde(text), at)}
		}
		for form := range strings.SplitSeq(strings.TrimPrefix(how, "not:"), ",") {
			if form == "=~" && text == "~" || form != "=~" && strings.HasPrefix(text, form) {
				return nil
			}
		}
		return lattice.Origins{b}
	})
}

// pastTilde is a path that starts with "~" past it: what a "~/x" names
// below the home directory ("x"; "" for "~").
func pastTilde(s string) string { return strings.TrimPrefix(strings.TrimPrefix(s, "~"), "/") }

// spelledTilde returns the text of b when it is a literal of the
// program's own that starts with "~" ("~", "~/x"): ok false otherwise.
func spelledTilde(b lattice.Origin) (string, bool) {
	if b.Kind != lattice.Bad || b.Cause != knowledge.CauseLiteral || !b.Rel || !strings.HasPrefix(b.Lit, "~") {
		return "", false
	}
	text := b.Lit
	if b.Path != "" {
		text += "/" + b.Path
	}
	return text, true
}

// bareHome reports whether a is the home directory itself.
func bareHome(a lattice.Origin) bool {
	return a.Kind == lattice.Bad && a.Cause == knowledge.CauseHome && a.Path == ""
}

func (tildeRule) Join(ctx hook.Context, first ssa.Value, rest []ssa.Value, _ string, _ token.Position) (lattice.Origins, bool) {
	if len(rest) != 1 {
		return nil, false
	}
	return tildeExpanded(ctx, first, rest[0], code.BlockOf(rest[0]))
}

// tildeExpanded returns x's origins when base is the home directory, rest
// is x past its leading "~" (the home directory: os.UserHomeDir, with or
// without an override variable the user or root-env sets) and blk runs
// only where x starts with "~";
// ok false otherwise. x's literal origins keep the home-based value.
func tildeExpanded(ctx hook.Context, base, rest ssa.Value, blk *ssa.BasicBlock) (lattice.Origins, bool) {
	x := tildeRest(rest)
	if x == nil || blk == nil {
		return nil, false
	}
	home := ctx.Eval(base)
	if len(home) == 0 {
		return nil, false
	}
	sawHome := false
	for _, a := range home {
		switch {
		case a.Kind == lattice.Bad && a.Cause == knowledge.CauseHome && a.Path == "":
			sawHome = true
		case (a.Kind == lattice.Rooted || a.Kind == lattice.User) && a.Path == "":
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
func spelledOut(ctx hook.Context, x ssa.Value, home lattice.Origins) lattice.Origins {
	return ctx.Eval(x).Map(func(a lattice.Origin) lattice.Origins {
		if bareParam(a) && len(home) == 1 && bareHome(home[0]) {
			// The callers' "~" is expanded onto it (BindArg).
			a.SetText(lattice.Tilde, "home:"+home[0].Src)
			return lattice.Origins{a}
		}
		if a.Kind == lattice.Bad && a.Cause == knowledge.CauseLiteral {
			return home.Map(func(h lattice.Origin) lattice.Origins {
				return lattice.Origins{h.AppendPath(pastTilde(a.Lit), a.At)}
			})
		}
		return lattice.Origins{a}
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
		if k, ok := code.ConstInt(r.Low); ok && (k == 1 || k == 2) {
			return r.X
		}
	case *ssa.Call:
		fn := r.Call.StaticCallee()
		if fn == nil || len(r.Call.Args) != 2 || code.FuncKey(fn) != "strings.TrimPrefix" {
			return nil
		}
		if s, ok := code.ConstString(r.Call.Args[1]); ok && (s == "~" || s == "~/") {
			return r.Call.Args[0]
		}
	}
	return nil
}

// startsWithTilde reports whether the conditions that hold wherever blk
// runs say x starts with "~": x[:n] == "~...", strings.HasPrefix(x,
// "~..."), or x == "~..."; on every side of an || that leads there.
func startsWithTilde(ctx hook.Context, x ssa.Value, blk *ssa.BasicBlock) bool {
	return code.HoldsWhere(blk, func(c code.Cond) bool {
		tested := c.Kind == code.CondPrefix || c.Kind == code.CondCmp && c.IsStr
		return tested && c.Holds && c.X == x && strings.HasPrefix(c.Str, "~")
	})
}
