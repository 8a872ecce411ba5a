package rules

import (
	"go/token"
	"go/types"
	"slices"
	"strconv"
	"strings"

	"github.com/staterootlint/staterootlint/analyzers/internal/knowledge"
	"github.com/staterootlint/staterootlint/analyzers/internal/lattice"
	"github.com/staterootlint/staterootlint/analyzers/internal/rootflow/code"
	"github.com/staterootlint/staterootlint/analyzers/internal/rootflow/hook"
	"golang.org/x/tools/go/ssa"
)

// optionDefaultRule: a constructor's default that its options replace.
// A constructor that makes an object, applies func values to it (its
// options: `for _, opt := range opts { opt(c) }`) and then stores a
// default into a field only where the field is still empty (`if c.dir
// == "" { c.dir = def }`) holds in that field what an option stored, or
// the default where none stored anything. Where the engine follows the
// object the constructor returns to the value of its field (the
// constructor's fact, ObjectStore), the default's origins are tagged
// UnlessOption with the option constructors of the package that store
// one of their parameters into the field (`func WithCacheDir(dir string)
// Option { return func(c *Cache) { c.dir = dir } }`), and each such
// parameter is one more origin of the field: at a caller, a requirement
// on it is a requirement on that option constructor's argument, so the
// directory a program passes through the option is checked at the
// option's call. At a call of the constructor (BindSymbol), the
// default's origins are dropped where the call passes, among its
// arguments, an option one of those constructors built from a value that
// is never "" (a path below a root, a literal, the home directory; not
// a flag or a parameter, which may be empty and leave the default to
// run); where it passes none, they are what the call writes, untagged;
// where it passes options the analysis cannot list (a slice built
// elsewhere), they stay tagged, and the call is checked on them as
// before.
//
// A default that the constructor takes where a call giving its path
// fails (`base, err := os.UserCacheDir(); if err != nil { base =
// "~/.cache" }`) is the library's own fallback: it is not an origin of
// the field a caller receives (the library's own run reports the store,
// in its terms, where it is analyzed), and the rest of the default (the
// cache directory) is.
//
// Unsound where an option stores "" or the field's default after all
// (an option constructor whose argument is never "" is taken to store
// it as it is), where an option that stores into the field is one the
// analysis cannot see (a func literal of the caller's own, another
// package's option constructor) while another option is listed, where
// the options run after the default (the guard is not checked to follow
// them), and for the error fallback, which the program's run no longer
// shows: the caller's write lands there only where the call the library
// makes fails (no home directory), and passing the option avoids it.
type optionDefaultRule struct{}

func (optionDefaultRule) Name() string { return "option-default" }

// ObjectStore tags the default a constructor stores where its options
// left the field empty, and adds the option constructors' parameters.
func (optionDefaultRule) ObjectStore(ctx hook.Context, s hook.StoreSite, v lattice.Origins) lattice.Origins {
	st := storeInstr(s)
	if st == nil {
		return v
	}
	fa, ok := st.Addr.(*ssa.FieldAddr)
	if !ok {
		return v
	}
	obj, ok := fa.X.(*ssa.Alloc)
	if !ok || !defaultGuarded(st) || !optionsApplied(obj) {
		return v
	}
	setters := optionSetters(ctx, obj.Type(), fa.Field)
	fallback := errFallback(ctx, st.Val, 0)
	def := v.Map(func(a lattice.Origin) lattice.Origins {
		if slices.ContainsFunc(fallback, func(f lattice.Origin) bool { return sameSource(a, f) }) {
			return nil
		}
		if len(setters) > 0 {
			a.SetText(lattice.UnlessOption, strings.Join(setters, ","))
		}
		return lattice.Origins{a}
	})
	parts := []lattice.Origins{def}
	for _, s := range setters {
		key, i := parseSetter(s)
		parts = append(parts, lattice.Origins{{Kind: lattice.Param, Key: key, Index: i}})
	}
	return lattice.Union(parts...)
}

// BindSymbol drops a default the call's options replace (see the rule's
// doc).
func (r optionDefaultRule) BindSymbol(ctx hook.Context, a lattice.Origin, key string, args []ssa.Value, at token.Position) (lattice.Origins, bool) {
	tag := a.TextOf(lattice.UnlessOption)
	if tag == "" {
		return nil, false
	}
	setters := strings.Split(tag, ",")
	listed := true
	for _, arg := range args {
		opts, ok := optionArgs(arg)
		if !ok {
			listed = false
			continue
		}
		for _, opt := range opts {
			call, isCall := opt.(*ssa.Call)
			if !isCall {
				if _, isFunc := opt.Type().Underlying().(*types.Signature); isFunc {
					listed = false
				}
				continue
			}
			fn := call.Call.StaticCallee()
			if fn == nil {
				listed = false
				continue
			}
			for _, s := range setters {
				k, i := parseSetter(s)
				if k == code.FuncKey(fn) && i < len(call.Call.Args) && neverEmpty(ctx.Eval(call.Call.Args[i])) {
					return nil, true // the option's value is the field's
				}
			}
		}
	}
	if !listed {
		return nil, false
	}
	a.SetText(lattice.UnlessOption, "")
	return ctx.BindSymbolAfter(r, a, key, args, at), true
}

// defaultGuarded reports whether store st into a field runs only where
// that field of the same object is "": `if c.dir == "" { c.dir = def }`.
func defaultGuarded(st *ssa.Store) bool {
	return code.AnyCond(code.Dominating(st.Block()), func(c code.Cond) bool {
		if c.Kind != code.CondCmp || !c.IsStr || c.Str != "" || !c.Holds {
			return false
		}
		load, ok := c.X.(*ssa.UnOp)
		return ok && load.Op == token.MUL && sameAddr(load.X, st.Addr)
	})
}

// optionsApplied reports whether the function that makes obj calls a
// func value with obj as an argument: an option applied to it.
func optionsApplied(obj *ssa.Alloc) bool {
	for _, ref := range *obj.Referrers() {
		call, ok := ref.(ssa.CallInstruction)
		if !ok || call.Common().IsInvoke() || call.Common().StaticCallee() != nil {
			continue
		}
		if _, isBuiltin := call.Common().Value.(*ssa.Builtin); !isBuiltin && slices.Contains(call.Common().Args, ssa.Value(obj)) {
			return true
		}
	}
	return false
}

// optionSetters lists, as "KEY#N", the functions of the package that
// return a func literal storing their parameter N into field field of
// the object of type ptr it is applied to (`return func(c *Cache) { c.dir
// = dir }`), sorted.
func optionSetters(ctx hook.Context, ptr types.Type, field int) []string {
	var out []string
	for _, fn := range ctx.PackageFuncs() {
		if fn.Parent() != nil {
			continue
		}
		for _, ret := range code.Returns(fn) {
			for _, res := range ret.Results {
				if ct, isConv := res.(*ssa.ChangeType); isConv {
					res = ct.X // a func literal returned as the named option type
				}
				mc, ok := res.(*ssa.MakeClosure)
				if !ok {
					continue
				}
				lit := mc.Fn.(*ssa.Function)
				if len(lit.Params) != 1 || !types.Identical(lit.Params[0].Type(), ptr) {
					continue
				}
				if i := storedParam(lit, mc, field); i >= 0 {
					s := code.FuncKey(fn) + "#" + strconv.Itoa(i)
					if !slices.Contains(out, s) {
						out = append(out, s)
					}
				}
			}
		}
	}
	slices.Sort(out)
	return out
}

// storedParam returns the index of the parameter of the function that
// made closure mc which func literal lit stores, as it is, into field
// field of its own parameter; -1 when it stores none.
func storedParam(lit *ssa.Function, mc *ssa.MakeClosure, field int) int {
	for _, b := range lit.Blocks {
		for _, instr := range b.Instrs {
			st, ok := instr.(*ssa.Store)
			if !ok {
				continue
			}
			fa, ok := st.Addr.(*ssa.FieldAddr)
			if !ok || fa.Field != field || fa.X != lit.Params[0] {
				continue
			}
			val, spilled := st.Val, false
			if load, isLoad := val.(*ssa.UnOp); isLoad && load.Op == token.MUL {
				val, spilled = load.X, true // a parameter captured by reference
			}
			fv, ok := val.(*ssa.FreeVar)
			if !ok {
				continue
			}
			i := slices.Index(lit.FreeVars, fv)
			if i < 0 || i >= len(mc.Bindings) {
				continue
			}
			bound := mc.Bindings[i]
			if spilled {
				bound = spilledParamOf(bound)
			}
			if p, ok := bound.(*ssa.Parameter); ok {
				return slices.Index(p.Parent().Params, p)
			}
		}
	}
	return -1
}

// spilledParamOf returns the parameter a variable captured by reference
// holds: the one stored into the new variable v, which nothing else
// stores into; nil otherwise.
func spilledParamOf(v ssa.Value) ssa.Value {
	a, ok := v.(*ssa.Alloc)
	if !ok {
		return nil
	}
	var param ssa.Value
	for _, ref := range *a.Referrers() {
		st, ok := ref.(*ssa.Store)
		if !ok || st.Addr != a {
			continue
		}
		if _, isParam := st.Val.(*ssa.Parameter); !isParam || param != nil {
			return nil
		}
		param = st.Val
	}
	return param
}

// parseSetter splits "KEY#N".
func parseSetter(s string) (key string, i int) {
	k, n, _ := strings.Cut(s, "#")
	i, err := strconv.Atoi(n)
	if err != nil {
		return k, -1
	}
	return k, i
}

// optionArgs returns the func values a call's argument passes: the
// elements of a variadic argument built on the spot, or the argument
// itself; ok is false for a slice of func values the analysis cannot
// list (built elsewhere, appended to).
func optionArgs(arg ssa.Value) ([]ssa.Value, bool) {
	switch t := arg.Type().Underlying().(type) {
	case *types.Signature:
		return []ssa.Value{arg}, true
	case *types.Slice:
		if _, isFunc := t.Elem().Underlying().(*types.Signature); !isFunc {
			return nil, true
		}
		return code.Varargs(arg)
	}
	return nil, true
}

// neverEmpty reports whether no origin of v can be the empty string.
func neverEmpty(v lattice.Origins) bool {
	if len(v) == 0 {
		return false
	}
	for _, a := range v {
		switch {
		case a.Kind == lattice.Empty, mayBeEmpty(a):
			return false
		case a.Kind == lattice.Bad && a.Cause.Unproven() && a.Path == "":
			return false
		}
	}
	return true
}

// errFallback returns the origins v takes where a call that gives it
// fails: a phi's edge taken only where the error result of the call
// whose first result is another edge is not nil (`base, err :=
// os.UserCacheDir(); if err != nil { base = "~/.cache" }`), found
// through v itself or the first element of a join.
func errFallback(ctx hook.Context, v ssa.Value, depth int) lattice.Origins {
	if depth > 3 {
		return nil
	}
	switch v := v.(type) {
	case *ssa.Call:
		fn := v.Call.StaticCallee()
		if fn == nil || !knowledge.Is(code.FuncKey(fn), knowledge.Join) || len(v.Call.Args) != 1 {
			return nil
		}
		elems, ok := code.Varargs(v.Call.Args[0])
		if !ok || len(elems) == 0 {
			return nil
		}
		return errFallback(ctx, elems[0], depth+1)
	case *ssa.Phi:
		var out lattice.Origins
		for i, edge := range v.Edges {
			if i < len(v.Block().Preds) && failedEdge(v, i) {
				out = lattice.Union(out, ctx.Eval(edge))
			}
		}
		return out
	}
	return nil
}

// failedEdge reports whether edge i of phi is taken only where err !=
// nil for the error result of a call whose first result is another edge
// of phi.
func failedEdge(phi *ssa.Phi, i int) bool {
	return code.AnyCond(code.AlongEdge(phi.Block().Preds[i], phi.Block()), func(c code.Cond) bool {
		if c.Kind != code.CondCmp || c.IsStr || c.Holds || c.Cmp == nil {
			return false
		}
		errv, other := c.Cmp.X, c.Cmp.Y
		if k, ok := errv.(*ssa.Const); ok && k.IsNil() {
			errv, other = other, errv
		}
		if k, ok := other.(*ssa.Const); !ok || !k.IsNil() {
			return false
		}
		ex, ok := errv.(*ssa.Extract)
		if !ok || ex.Index == 0 {
			return false
		}
		return slices.ContainsFunc(phi.Edges, func(e ssa.Value) bool {
			r, ok := e.(*ssa.Extract)
			return ok && r.Tuple == ex.Tuple && r.Index == 0 && e != phi.Edges[i]
		})
	})
}

// sameSource reports whether origin a, a value with a path joined below
// it, comes from where origin f does.
func sameSource(a, f lattice.Origin) bool {
	return a.Kind == f.Kind && a.Cause == f.Cause && a.Lit == f.Lit && a.Src == f.Src && a.Why == f.Why && a.Root == f.Root
}
