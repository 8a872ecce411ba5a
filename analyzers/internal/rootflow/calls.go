package rootflow

import (
	"go/token"
	"go/types"
	"slices"
	"strconv"
	"strings"
	"unicode"

	"github.com/staterootlint/staterootlint/analyzers/internal/knowledge"
	"github.com/staterootlint/staterootlint/analyzers/internal/lattice"
	"github.com/staterootlint/staterootlint/analyzers/internal/report"
	"github.com/staterootlint/staterootlint/analyzers/internal/rootflow/code"
	"github.com/staterootlint/staterootlint/analyzers/internal/rootflow/hook"
	"golang.org/x/tools/go/ssa"
)

// callees resolves a call to its possible targets. A call through a func
// value resolves through the value's Func origins when the analysis knows
// them; ok is false when some target is unknown.
func (e *engine) callees(common *ssa.CallCommon) (targets []callee, ok bool) {
	if common.IsInvoke() {
		if impls := e.dispatch(common); len(impls) > 0 {
			return impls, true
		}
		return []callee{{key: e.fullName(common.Method), invoke: true}}, true
	}
	if mc, isClosure := common.Value.(*ssa.MakeClosure); isClosure {
		// A method value (s.Save called as a func value): the method, or
		// the interface method's implementations, with the receiver the
		// value binds as their first argument.
		if recv, call, ok := boundCall(mc); ok {
			if call.IsInvoke() {
				bound := *call
				bound.Value = recv
				impls := e.dispatch(&bound)
				if len(impls) == 0 {
					return []callee{{key: e.fullName(call.Method), invoke: true}}, true
				}
				for _, t := range impls {
					t.recv = recv
					targets = append(targets, t)
				}
				return targets, true
			}
			if fn := call.StaticCallee(); fn != nil {
				return []callee{{fn: fn, key: e.keyOf(fn), recv: recv}}, true
			}
		}
	}
	if fn := common.StaticCallee(); fn != nil {
		return []callee{{fn: fn, key: e.keyOf(fn)}}, true
	}
	if _, isBuiltin := common.Value.(*ssa.Builtin); isBuiltin {
		return nil, true
	}
	ok = true
	v := e.eval(common.Value)
	// A func-valued parameter resolved to what the callers pass
	// (funcparams.go) gives results, not requirements: which function
	// runs depends on the caller, and sinkvalue.go checks each binding
	// where it is made.
	viaParam := v.Has(Param)
	for _, a := range e.funcValues(v) {
		if a.Kind == Cell {
			// A func value kept in a field or variable: the functions
			// stored there, here or by the packages this one imports.
			// A field holding several (a table of commands) is
			// like an interface with several implementations: the
			// one that writes may not be the one that runs.
			upstream, _ := e.upstream().store(a.Key)
			funcs := lattice.Union(e.cellFuncs[a.Key], upstream)
			if len(funcs) == 0 {
				ok = false
			}
			for _, f := range funcs {
				if f.Kind != Func {
					ok = false
					continue
				}
				targets = append(targets, callee{fn: e.byKey[f.Key], key: f.Key, shared: len(funcs) > 1 || viaParam, viaParam: viaParam})
			}
			continue
		}
		if a.Kind != Func {
			ok = false
			continue
		}
		targets = append(targets, callee{fn: e.byKey[a.Key], key: a.Key, shared: viaParam, viaParam: viaParam})
	}
	return targets, ok
}

// boundCall returns, for a method value mc makes (s.Save as a func
// value), the receiver it binds and the call of the method its thunk
// makes; ok is false when mc is not a method value.
func boundCall(mc *ssa.MakeClosure) (recv ssa.Value, call *ssa.CallCommon, ok bool) {
	thunk, _ := mc.Fn.(*ssa.Function)
	if thunk == nil || !strings.HasPrefix(thunk.Synthetic, "bound method wrapper") || len(mc.Bindings) != 1 {
		return nil, nil, false
	}
	for _, b := range thunk.Blocks {
		for _, instr := range b.Instrs {
			if c, isCall := instr.(*ssa.Call); isCall {
				return mc.Bindings[0], c.Common(), true
			}
		}
	}
	return nil, nil, false
}

// callResult returns the origins of result idx of a call.
func (e *engine) callResult(common *ssa.CallCommon, idx int, pos token.Pos) Origins {
	if b, ok := common.Value.(*ssa.Builtin); ok {
		if b.Name() == "append" {
			parts := make([]Origins, 0, len(common.Args))
			for _, a := range common.Args {
				parts = append(parts, e.eval(a))
			}
			return lattice.Union(parts...)
		}
		return e.bad(pos, "a value the analysis cannot follow")
	}
	targets, ok := e.callees(common)
	if !ok {
		return e.bad(pos, "a path returned through a function value the analysis cannot follow")
	}
	var parts []Origins
	for _, t := range targets {
		parts = append(parts, e.targetResult(t, common, t.args(common), idx, pos))
	}
	return lattice.Union(parts...)
}

// expandedTemplate is what os.ExpandEnv or os.Expand makes of a template
// with origins v: a literal that names a $VAR is outside (the
// environment's, or a path expanded by os.Expand), unless it starts with
// a variable vars knows ("$XDG_CONFIG_HOME/app/x", "${data}/app.lock",
// with no other $VAR) and is the path below its value; any other origin
// is the path it is, $VARs being expanded only where the text has them (a
// parameter is what its caller passes, a home path stays a home path).
// The environment is never made up for a template that names none. vars
// is the values of a variable: for os.ExpandEnv a configured root-env or
// user-env variable's (configuredEnv), for os.Expand what a mapping the
// analysis follows returns (mappingValues); nil when none is known. A
// value that is not a path the template can be below (expandable: the
// empty string, a value the analysis cannot follow, the mapping's
// argument among them) is the outside origin, as when vars knows nothing.
func expandedTemplate(v, outside Origins, vars func(name string, at token.Position) (Origins, bool), at token.Position) Origins {
	if len(v) == 0 {
		return outside
	}
	return v.Map(func(a Origin) Origins {
		text := a.Lit + a.Path
		if a.Kind != Bad || a.Cause != CauseLiteral || !strings.Contains(text, "$") {
			return Origins{a}
		}
		if name, rest, ok := leadingVar(text); ok && vars != nil && !strings.Contains(rest, "$") {
			if values, known := vars(name, at); known {
				return values.Map(func(b Origin) Origins {
					if !expandable(b) {
						return outside
					}
					return Origins{b.AppendPath(strings.TrimPrefix(rest, "/"), at)}
				})
			}
		}
		return outside
	})
}

// expandable reports whether a variable's value a is a path a template's
// rest can be below: not the empty string ("${x}/rest" with x empty is
// "/rest"), not a value the analysis cannot follow (the mapping's own
// argument is one: a call with no argument known, mappingValues). A
// parameter or variable of the program (a setter's argument the mapping
// reads back from a map) is the path below it, as a join makes it.
func expandable(a Origin) bool {
	switch a.Kind {
	case Empty:
		return false
	case Bad:
		return a.Cause != CauseUnproven && a.Cause != CauseLimit
	}
	return true
}

// mappingValues is what the mapping of os.Expand returns for any
// variable: the union of the results (result, as a call through the
// mapping's func value gets them: targetResult with no argument known)
// of the functions it can be (targets, from callees; ok false when one is
// unknown). A mapping that returns its argument returns a value the
// analysis cannot follow. ok is false when a target is unknown, an
// interface method, or one of the knowledge table's (os.Getenv: the
// environment's, as os.Expand's result is today), or the result is not
// known yet.
func mappingValues(targets []callee, ok bool, result func(callee) Origins) (Origins, bool) {
	if !ok || len(targets) == 0 {
		return nil, false
	}
	var parts []Origins
	for _, t := range targets {
		if _, isKnown := knowledge.Lookup(t.key); isKnown || t.invoke {
			return nil, false
		}
		parts = append(parts, result(t))
	}
	v := lattice.Union(parts...)
	return v, len(v) > 0
}

// isSignature reports whether t is a function type.
func isSignature(t types.Type) bool {
	_, ok := t.Underlying().(*types.Signature)
	return ok
}

// leadingVar splits a template that starts with a variable, "$NAME" or
// "${NAME}", followed by nothing or a "/", into the name and the rest.
func leadingVar(s string) (name, rest string, ok bool) {
	s, ok = strings.CutPrefix(s, "$")
	if !ok {
		return "", "", false
	}
	if inner, found := strings.CutPrefix(s, "{"); found {
		name, rest, ok = strings.Cut(inner, "}")
	} else {
		end := strings.IndexFunc(s, func(r rune) bool { return !(r == '_' || unicode.IsLetter(r) || unicode.IsDigit(r)) })
		if end < 0 {
			end = len(s)
		}
		name, rest, ok = s[:end], s[end:], true
	}
	if !ok || name == "" || rest != "" && !strings.HasPrefix(rest, "/") {
		return "", "", false
	}
	return name, rest, true
}

// configuredEnv is the origin of the value of environment variable name
// when the configuration names it (root-env, user-env).
func (ix *index) configuredEnv(name string, at token.Position) (Origin, bool) {
	covers := func(configured string) bool { return report.EnvMatch(configured, name) }
	known := slices.ContainsFunc(report.RootEnvNames(ix.cfg.RootEnv), covers) || slices.ContainsFunc(ix.cfg.UserEnv, covers)
	return ix.envVarNamed(name, at), known
}

func (e *engine) targetResult(t callee, common *ssa.CallCommon, args []ssa.Value, idx int, pos token.Pos) Origins {
	at := e.At(pos)
	if kind, ok := e.authorities[t.key]; ok {
		return authorityResult(e.authorityValue(t.key, kind, at), common, args, at)
	}
	if t.invoke {
		switch f := code.Lookup(t.key); f.Result() {
		case knowledge.TempDir:
			return Origins{{Kind: Temp}}
		case knowledge.UserChosen:
			return Origins{{Kind: User}}
		case knowledge.Outside:
			if idx != 0 {
				return nil
			}
			return Origins{{Kind: Bad, Why: f.Why, Cause: f.Cause, Src: t.key, At: at, Rel: f.Rel}}
		}
		return e.bad(pos, "the result of interface method %s, which the analysis cannot follow", lattice.ShortName(t.key))
	}
	arg := func(i int) ssa.Value {
		if i < len(args) {
			return args[i]
		}
		return nil
	}
	if v, ok := e.known(t.key, arg, idx, pos, at); ok {
		return v
	}
	if v, ok := e.parametric(t, args, idx); ok {
		return v
	}
	if t.fn != nil && e.local(t.fn) {
		// This package's function: its current summary, bottom when not
		// computed yet (the fixpoint revisits the callers).
		if r := e.results[code.Origin(t.fn)]; idx < len(r) {
			return e.substitute(r[idx], t.key, args, at)
		}
		return nil
	}
	sum := e.summary(t)
	if sum == nil {
		return e.bad(pos, "the result of %s", lattice.ShortName(t.key))
	}
	if sum.Authority != "" {
		return authorityResult(e.authorityValue(t.key, sum.Authority, at), common, args, at)
	}
	if idx >= len(sum.Results) || sum.Results[idx] == nil {
		return e.bad(pos, "the result of %s", lattice.ShortName(t.key))
	}
	return e.substitute(sum.Results[idx], t.key, args, at)
}

// substitute replaces the callee's Param origins in v by the origins of the
// corresponding call arguments.
func (e *engine) substitute(v Origins, key string, args []ssa.Value, at token.Position) Origins {
	return v.Map(func(a Origin) Origins {
		switch {
		case a.Kind == Env && a.Key == key:
			if a.Index < 0 || a.Index >= len(args) {
				return Origins{{Kind: Bad, Why: "a path from an environment variable", Cause: CauseEnv, At: at}}
			}
			return Origins{e.envVar(args[a.Index], at).Extend(a.Path, a.Raw, at)}
		case a.Kind != Param || a.Key != key:
			if strings.Contains(a.Path, lattice.ElemsMark) && a.Kind != Param {
				// Concrete origins may carry the callee's variadic
				// elements too; expanded before binding, so that marks
				// of the caller's own parameters an argument brings in
				// are left for the caller's callers.
				a = a.Repath(lattice.CleanPattern(expandElems(a.Path, args)), at)
			}
			return e.hooks.bindSymbol(e.rules, a, key, args, at)
		case a.Index < 0 || a.Index >= len(args):
			return Origins{{Kind: Bad, Why: "a value the analysis cannot follow", At: at}}
		}
		arg := e.hooks.bindArg(e.rules, a, e.eval(args[a.Index]), args, at)
		if a.Flag(lattice.Part) {
			arg = partOf(arg, "the callee "+lattice.ShortName(key), at)
		}
		p := expandElems(a.Path, args)
		nameArg, below := markedName(a, args)
		return arg.Map(func(b Origin) Origins {
			symbol := b.Kind == Param || b.Kind == Cell
			switch {
			case a.Flag(lattice.NonEmptyOnly) && b.Kind == Empty:
				return nil // nothing is joined below an empty argument
			case a.Flag(lattice.NonEmptyOnly) && symbol:
				b.SetFlag(lattice.NonEmptyOnly, true)
			case b.Kind == Empty && nameArg != nil:
				// Join("", name) is the name: the caller's argument.
				return e.eval(nameArg).Map(func(n Origin) Origins { return Origins{n.Extend(below, a.Raw, at)} })
			}
			return Origins{b.Extend(p, a.Raw, at)}
		})
	})
}

// markedName returns the argument a callee's origin a joins below it first
// (Join(p, name) for string parameter name, marked in a's pattern), and
// the pattern after it; nil when a's pattern starts otherwise.
func markedName(a Origin, args []ssa.Value) (ssa.Value, string) {
	first, below, _ := strings.Cut(a.Path, "/")
	i, ok := lattice.ElemsParam(first)
	if !ok || i >= len(args) {
		return nil, ""
	}
	if _, isString := args[i].Type().Underlying().(*types.Basic); !isString {
		return nil, ""
	}
	return args[i], below
}

// expandElems replaces the variadic-elements marks in a callee's pattern
// by the call's constant elements ("*" for dynamic ones).
func expandElems(p string, args []ssa.Value) string {
	if !strings.Contains(p, lattice.ElemsMark) {
		return p
	}
	segs := strings.Split(p, "/")
	for i, s := range segs {
		idx, ok := lattice.ElemsParam(s)
		if !ok {
			continue
		}
		segs[i] = "*"
		if idx < len(args) {
			if _, ok := args[idx].Type().Underlying().(*types.Basic); ok {
				// A string parameter (markedPattern): the argument, or,
				// passed on from the caller's own parameter, its mark.
				segs[i] = markedPattern(args[idx : idx+1])
			} else if elems, ok := code.Varargs(args[idx]); ok {
				parts := make([]string, 0, len(elems))
				for _, el := range elems {
					if s := code.ElemPattern(el); s != "" {
						parts = append(parts, s)
					}
				}
				segs[i] = strings.Join(parts, "/")
			}
		}
	}
	return strings.Join(segs, "/")
}

// folded evaluates f, a Split function, on constant arguments (its Fold):
// the literals result idx can be. ok is false when an argument is not a
// constant or f has no Fold.
func folded(f knowledge.Func, arg func(int) ssa.Value, idx int, at token.Position) (Origins, bool) {
	if f.Fold == nil {
		return nil, false
	}
	var args []string
	for i := 0; arg(i) != nil; i++ {
		if s, ok := code.ConstString(arg(i)); ok {
			args = append(args, s)
		} else if n, ok := code.ConstInt(arg(i)); ok {
			args = append(args, strconv.FormatInt(n, 10))
		} else {
			return nil, false
		}
	}
	var out Origins
	for _, s := range f.Fold(args, idx) {
		out = append(out, lattice.Literal(s, at))
	}
	return lattice.Normalize(out), true
}

// partsSeparator reports whether splitting on v makes parts of one path,
// not the paths of a list: a constant path separator, or a separator
// longer than one byte ("://" cuts a URL, not a list of paths).
func partsSeparator(v ssa.Value) bool {
	sep, ok := code.ConstString(v)
	return isPathSeparator(v) || ok && len(sep) > 1
}

// isPathSeparator reports whether v is a constant path separator, "/" or
// "\\".
func isPathSeparator(v ssa.Value) bool {
	sep, ok := code.ConstString(v)
	return ok && (sep == "/" || sep == "\\")
}

// partOf is the origin of a part of a string whose origins are whole,
// cut by fn: a part is not where the whole is, so it keeps only what
// holds of every part of the whole (the user's choice, text from the
// environment, a value already unproven); any other concrete origin,
// rooted, temporary, outside or a relative literal, becomes unproven (a
// part of a constant is folded before: folded). A parameter is tagged
// Part, so that each call binds it to a part of its argument
// (substitute); a cell keeps the whole's origin when it is bound: not
// exact, and said so in docs/precision.md's audit.
func partOf(whole Origins, fn string, at token.Position) Origins {
	return whole.Map(func(a Origin) Origins {
		switch a.Kind {
		case Param:
			a.SetFlag(lattice.Part, true) // a part of what the caller passes (substitute)
			return Origins{a}
		case User, Empty, Cell, Env, Func:
			return Origins{a}
		case Bad:
			if a.Cause == CauseUnproven || a.Cause == CauseData || a.Cause == CauseEnv {
				return Origins{a}
			}
		}
		return Origins{{Kind: Bad, Why: "a part of " + a.Describe() + ", cut by " + lattice.ShortName(fn), At: at}}
	})
}

// known evaluates calls to the functions of the knowledge table by their
// result role.
func (e *engine) known(key string, arg func(int) ssa.Value, idx int, pos token.Pos, at token.Position) (Origins, bool) {
	f, ok := knowledge.Lookup(key)
	if !ok {
		return nil, false
	}
	switch f.Result() {
	case knowledge.Join:
		if idx != 0 {
			return nil, true
		}
		return e.join(arg(0), pos, at), true
	case knowledge.Parent:
		return e.parent(arg(0), key, at), true
	case knowledge.JoinText:
		return e.joinText(arg(0), arg(1), pos, at), true
	case knowledge.Split:
		if idx >= f.Keep {
			return nil, true // found bool
		}
		if v, ok := folded(f, arg, idx, at); ok {
			return v, true
		}
		if f.Replaces {
			if v, ok := e.hooks.replaced(e.rules, arg(0), arg(1), arg(2), at); ok {
				return v, true
			}
		}
		whole := e.eval(arg(f.Arg))
		var cut Origins // literals whose cut prefix is known: exact
		if f.TrimsPrefix {
			whole = e.trimmedPrefix(whole, arg(1), pos)
			cut = slices.DeleteFunc(slices.Clone(whole), func(a Origin) bool { return a.Kind != Bad || a.Lit == "" })
			whole = slices.DeleteFunc(whole, func(a Origin) bool { return a.Kind == Bad && a.Lit != "" })
		}
		if f.Parts&(1<<idx) != 0 || f.SepArg > 0 && partsSeparator(arg(f.SepArg)) {
			return lattice.Union(partOf(whole, key, at), cut), true
		}
		return lattice.Union(whole, cut), true
	case knowledge.PathSplit:
		if idx == 1 {
			return Origins{{Kind: Bad, Why: "a bare file name from " + lattice.ShortName(key) + ", relative to the working directory", Cause: CauseCwd, Rel: true, At: at}}, true
		}
		return e.parent(arg(0), key, at), true
	case knowledge.Identity:
		if idx != 0 {
			return nil, true // errors and booleans carry no path
		}
		return e.eval(arg(f.Arg)), true
	case knowledge.Contents, knowledge.PipeRead, knowledge.BufferRead:
		if idx != 0 {
			return nil, true
		}
		return e.text(f, arg, pos, at), true
	case knowledge.Outside:
		if idx != 0 {
			return nil, true
		}
		outside := Origins{{Kind: Bad, Why: f.Why, Cause: f.Cause, Src: key, At: at, Rel: f.Rel}}
		if f.Has(knowledge.Expand) {
			var vars func(string, token.Position) (Origins, bool)
			if f.EnvTemplate {
				vars = func(name string, at token.Position) (Origins, bool) {
					b, known := e.configuredEnv(name, at)
					return Origins{b}, known
				}
			} else if m := arg(1); m != nil && isSignature(m.Type()) {
				// The mapping: the functions its value can be, called
				// with no argument known.
				common := &ssa.CallCommon{Value: m}
				targets, ok := e.callees(common)
				if values, ok := mappingValues(targets, ok, func(t callee) Origins { return e.targetResult(t, common, nil, 0, pos) }); ok {
					vars = func(string, token.Position) (Origins, bool) { return values, true }
				}
			}
			return expandedTemplate(e.eval(arg(0)), outside, vars, at), true
		}
		return outside, true
	case knowledge.Getenv:
		if idx != 0 {
			return nil, true
		}
		if p, ok := arg(0).(*ssa.Parameter); ok {
			// An env helper (envOr(name, def)): the caller names the variable.
			return Origins{{Kind: Env, Key: code.FuncKey(p.Parent()), Index: slices.Index(p.Parent().Params, p)}}, true
		}
		return Origins{e.envVar(arg(0), at)}, true
	case knowledge.TempDir:
		return Origins{{Kind: Temp}}, true
	case knowledge.TempMaker:
		if idx != 0 {
			return nil, true
		}
		return hook.EmptyIsTemp(e.eval(arg(0))).Map(func(a Origin) Origins { return Origins{a.AppendPath("*", at)} }), true
	case knowledge.CacheDir:
		if idx != 0 {
			return nil, true
		}
		return Origins{{Kind: Cache}}, true
	case knowledge.UserChosen:
		return Origins{{Kind: User}}, true
	case knowledge.SafeJoin:
		if idx != 0 {
			return nil, true // the error
		}
		return e.joinOnto(arg(0), arg(1), code.BlockOf(arg(1)), at), true
	case knowledge.AtomicLoad:
		return e.load(arg(0), pos), true
	case knowledge.Format:
		return e.sprintf(arg(0), arg(1), pos, at), true
	}
	return nil, false
}

// envVar is the origin of the value of the environment variable named by
// name: a global state root for a sanctioned override (root-env), outside
// every root otherwise. A name built at run time around constant parts
// ("TOOL_" + tool + "_VERSION") is the pattern of the names it can be,
// TOOL_*_VERSION, which a configured pattern may cover.
func (ix *index) envVar(name ssa.Value, at token.Position) Origin {
	s, isConst := code.ConstString(name)
	if !isConst {
		if p := code.ElemPattern(name); strings.Trim(p, "*") != "" && !strings.Contains(p, "/") {
			return ix.envVarNamed(p, at)
		}
		return Origin{Kind: Bad, Why: "a path from an environment variable", Cause: CauseEnv, At: at}
	}
	return ix.envVarNamed(s, at)
}

// envVarNamed is the origin of the value of environment variable s, a
// name or the pattern of a name built at run time (envVar): a root-env
// entry's is a root of its kind (global unless stated), or, declared
// =KIND:base, the shared base above the program's root; a user-env
// entry's is the user's.
func (ix *index) envVarNamed(s string, at token.Position) Origin {
	for _, entry := range ix.cfg.RootEnv {
		if name, kind := report.RootEnvEntry(entry); report.EnvMatch(name, s) {
			return ix.authorityValue("$"+s, kind, at)
		}
	}
	if slices.ContainsFunc(ix.cfg.UserEnv, func(u string) bool { return report.EnvMatch(u, s) }) {
		return Origin{Kind: User}
	}
	if strings.Contains(s, "*") {
		// No one variable: named for people, not a source to advise on.
		return Origin{Kind: Bad, Why: "a path from an environment variable named " + s, Cause: CauseEnv, At: at}
	}
	return Origin{Kind: Bad, Why: "a path from the environment variable " + s, Cause: CauseEnv, Src: "$" + s, At: at}
}

// parent evaluates the directory of a path (filepath.Dir, the dir half of
// filepath.Split): the parent within its origin, or outside when it climbs
// above a state root.
func (e *engine) parent(p ssa.Value, key string, at token.Position) Origins {
	return e.eval(p).Map(func(a Origin) Origins {
		if a.Kind == Empty {
			return Origins{a} // Dir("") is ".", the working directory itself, as "" is
		}
		if a.Kind == Rooted && a.Path == "" {
			b := Origin{Kind: Bad, Why: "the parent of a " + a.Root + " state root (" + lattice.ShortName(key) + " climbs above it)", Cause: CauseClimb, Root: a.Root, Path: "..", At: at}
			b.SetFlag(lattice.MayNameFile, a.Flag(lattice.MayNameFile)) // Dir(p) of a file p: its directory
			return Origins{b}
		}
		return Origins{a.AppendPath("..", at)}
	})
}

// join evaluates filepath.Join and path.Join: the first element is the
// origin, constant elements extend the pattern, others are "*".
func (e *engine) join(slice ssa.Value, pos token.Pos, at token.Position) Origins {
	elems, ok := code.Varargs(slice)
	if !ok {
		// Join(append([]string{root}, elem...)...): the origin is the
		// first element, the rest what was appended.
		if first, rest := firstElem(slice); first != nil {
			return e.joinOnto(first, rest, code.BlockOf(slice), at)
		}
		if first, ok := firstOfMade(slice); ok {
			// The rest are elements below it, whatever they are.
			return e.eval(first).Map(func(a Origin) Origins { return Origins{a.AppendPath("*", at)} })
		}
		return e.eval(slice)
	}
	if len(elems) == 0 {
		return Origins{{Kind: Empty}}
	}
	return e.joinElems(elems[0], elems[1:], code.BlockOf(slice), at)
}

// joinText evaluates strings.Join(elems, sep). With the path separator
// ("/", string(filepath.Separator) on the platforms the engine models) it
// is a path join, as filepath.Join. With another separator, of a slice
// whose elements are known, the first element is the origin and the rest
// is text after it, as a concatenation; of another slice, what its
// elements are (as join's fallback).
func (e *engine) joinText(slice, sep ssa.Value, pos token.Pos, at token.Position) Origins {
	s, isConst := code.ConstString(sep)
	if isConst && s == "/" {
		return e.join(slice, pos, at)
	}
	elems, ok := code.Varargs(slice)
	if !ok {
		return e.eval(slice)
	}
	if len(elems) == 0 {
		return Origins{{Kind: Empty}}
	}
	suffix := ""
	for _, el := range elems[1:] {
		if isConst {
			suffix += s
		} else {
			suffix += "*"
		}
		suffix += code.ElemPattern(el)
	}
	suffix = code.CollapseStars(suffix)
	return e.eval(elems[0]).Map(func(a Origin) Origins {
		if suffix == "" {
			return Origins{a}
		}
		return Origins{a.AppendRaw(suffix, at)}
	})
}

// joinOnto joins the elements of the variadic slice rest onto first, in
// block b.
func (e *engine) joinOnto(first, rest ssa.Value, b *ssa.BasicBlock, at token.Position) Origins {
	if elems, ok := code.Varargs(rest); ok {
		return e.joinElems(first, elems, b, at)
	}
	suffix := "*"
	if p, ok := rest.(*ssa.Parameter); ok {
		// The function's own variadic parameter: its callers' elements.
		suffix = lattice.ElemsSegment(slices.Index(p.Parent().Params, p))
	}
	return e.eval(first).Map(func(a Origin) Origins { return Origins{a.AppendPath(suffix, at)} })
}

// joinElems joins rest onto the origin first, in block b.
func (e *engine) joinElems(first ssa.Value, rest []ssa.Value, b *ssa.BasicBlock, at token.Position) Origins {
	return e.hooks.joined(e.rules, first, rest, code.ElemsPattern(rest), b, at)
}

// firstElem returns, for a slice built by appending onto a one-element
// literal (append([]string{root}, elem...)), that element and what was
// appended; nil otherwise.
func firstElem(slice ssa.Value) (first, rest ssa.Value) {
	call, ok := slice.(*ssa.Call)
	if !ok {
		return nil, nil
	}
	if b, ok := call.Call.Value.(*ssa.Builtin); !ok || b.Name() != "append" || len(call.Call.Args) != 2 {
		return nil, nil
	}
	if elems, ok := code.Varargs(call.Call.Args[0]); ok && len(elems) == 1 {
		return elems[0], call.Call.Args[1]
	}
	return nil, nil
}

// firstOfMade returns, for a slice the function makes (make([]string,
// n+1)), the one value stored at index 0, when every other write into
// the slice is past index 0: a store at a constant index of 1 or more, or
// at x+c with c a constant of 1 or more (strs[i+1] = r, x an index, never
// negative where the program does not panic), or a copy into a
// re-slice starting at such an index (copy(strs[1:], ss)). The slice may
// be passed on only as the joined argument.
func firstOfMade(slice ssa.Value) (ssa.Value, bool) {
	ms, ok := slice.(*ssa.MakeSlice)
	if !ok {
		return nil, false
	}
	var first ssa.Value
	for _, ref := range *ms.Referrers() {
		switch ref := ref.(type) {
		case *ssa.IndexAddr:
			if k, isConst := code.ConstInt(ref.Index); isConst && k == 0 {
				v, ok := soleStore(ref)
				if !ok || first != nil {
					return nil, false
				}
				first = v
				continue
			}
			if !pastZero(ref.Index) || !onlyStored(ref) {
				return nil, false
			}
		case *ssa.Slice:
			if ref.Low == nil || !pastZero(ref.Low) || !onlyCopiedInto(ref) {
				return nil, false
			}
		case *ssa.Call:
			// the join itself
		default:
			return nil, false
		}
	}
	return first, first != nil
}

// pastZero reports whether index v is 1 or more: a constant, or x+c with
// a constant c of 1 or more.
func pastZero(v ssa.Value) bool {
	if k, ok := code.ConstInt(v); ok {
		return k >= 1
	}
	if b, ok := v.(*ssa.BinOp); ok && b.Op == token.ADD {
		k, ok := code.ConstInt(b.Y)
		return ok && k >= 1
	}
	return false
}

// soleStore returns the value stored through addr when storing it is
// addr's only use.
func soleStore(addr *ssa.IndexAddr) (ssa.Value, bool) {
	refs := *addr.Referrers()
	if len(refs) != 1 {
		return nil, false
	}
	st, ok := refs[0].(*ssa.Store)
	if !ok || st.Addr != addr {
		return nil, false
	}
	return st.Val, true
}

// onlyStored reports whether addr is only stored through.
func onlyStored(addr *ssa.IndexAddr) bool {
	for _, ref := range *addr.Referrers() {
		if st, ok := ref.(*ssa.Store); !ok || st.Addr != addr {
			return false
		}
	}
	return true
}

// onlyCopiedInto reports whether the re-slice s is used only as the
// destination of the builtin copy.
func onlyCopiedInto(s *ssa.Slice) bool {
	for _, ref := range *s.Referrers() {
		call, ok := ref.(*ssa.Call)
		if !ok {
			return false
		}
		b, ok := call.Call.Value.(*ssa.Builtin)
		if !ok || b.Name() != "copy" || call.Call.Args[0] != s {
			return false
		}
	}
	return true
}

// trimmedPrefix is v with the prefix argument cut off its front, as
// strings.TrimPrefix does, where v's origin is a literal whose text says
// what is cut: the literal's rest when the prefix is part of it, what
// followed the literal when the prefix is all of it (a value the analysis
// cannot follow unless nothing followed), the literal unchanged when the
// prefix does not start it. A prefix that reaches past the literal, or is
// not a constant, may cut anything: unproven. Other origins are left as
// they are, to partOf (calls.go), which decides what a part of them is.
func (ix *index) trimmedPrefix(v Origins, prefix ssa.Value, pos token.Pos) Origins {
	p, isConst := code.ConstString(prefix)
	return v.Map(func(a Origin) Origins {
		if a.Kind != Bad || a.Lit == "" || isConst && p == "" {
			return Origins{a}
		}
		// The literal's text is known up to its first "*" (a value the
		// concatenation appended).
		known, _, _ := strings.Cut(a.Lit, "*")
		switch {
		case !isConst:
			return ix.bad(pos, "a literal with a prefix the analysis cannot follow cut off (strings.TrimPrefix)")
		case strings.HasPrefix(known, p) && len(known) > len(p):
			a.Lit = a.Lit[len(p):]
			a.Rel = !strings.HasPrefix(a.Lit, "/")
			return Origins{a}
		case p == a.Lit && a.Path == "":
			return Origins{{Kind: Empty}}
		case strings.HasPrefix(p, known):
			return ix.bad(pos, "what followed the literal %q once strings.TrimPrefix cut it off", known)
		}
		return Origins{a}
	})
}
