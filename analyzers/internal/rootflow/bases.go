package rootflow

import (
	"go/token"
	"go/types"
	"slices"
	"strings"

	"github.com/staterootlint/staterootlint/analyzers/internal/knowledge"
	"github.com/staterootlint/staterootlint/analyzers/internal/lattice"
	"github.com/staterootlint/staterootlint/analyzers/internal/rootflow/code"
	"golang.org/x/tools/go/ssa"
)

// bases records, for every path the package builds with a join,
// fmt.Sprintf or a string concatenation, the origins of what it is built
// on when they include the home or config directory or an environment
// variable: what adhocroot reports as a root built outside the authority,
// with the engine's provenance (through variables, helpers and packages).
func (e *engine) bases() {
	e.res.Bases = map[token.Pos]Origins{}
	e.res.DotPaths = map[token.Pos]Origins{}
	for _, fn := range e.funcs {
		for _, b := range fn.Blocks {
			for _, instr := range b.Instrs {
				var base ssa.Value
				switch in := instr.(type) {
				case *ssa.Call:
					base = builtOn(in.Common())
				case *ssa.BinOp:
					// The outermost + of a chain: adhocroot reports there.
					if _, isString := in.Type().Underlying().(*types.Basic); isString && in.Op == token.ADD && !leftOfAdd(in) {
						base = in.X
					}
				}
				if base == nil {
					continue
				}
				// A package variable or field holding the home directory
				// (var home, _ = os.UserHomeDir()) counts as what it holds.
				v := e.eval(base).Map(func(a Origin) Origins {
					if a.Kind == Cell && a.Path == "" {
						return lattice.Union(Origins{a}, e.cellStores(a.Key))
					}
					return Origins{a}
				})
				if homeOrEnv(v) && e.builtBelow(instr.(ssa.Value)) {
					e.res.Bases[instr.Pos()] = v
				} else if dot := relDotPaths(e.eval(instr.(ssa.Value))); len(dot) > 0 {
					e.res.DotPaths[instr.Pos()] = dot
				}
			}
		}
	}
}

// builtBelow reports whether the path built, as the engine evaluates it,
// is still below the home or config directory or an environment
// variable: a rule may find it is another value spelled out (a user's
// "~/x" expanded onto the home directory is the user's path), which is no
// root built outside the authority.
func (e *engine) builtBelow(built ssa.Value) bool {
	for _, a := range e.eval(built) {
		switch {
		case a.Kind == Bad && (a.Cause == CauseHome || a.Cause == CauseEnv):
			return true
		case a.Kind == Cell && slices.ContainsFunc(e.cellStores(a.Key), func(b Origin) bool {
			return b.Kind == Bad && (b.Cause == CauseHome || b.Cause == CauseEnv)
		}):
			return true // a package variable holding the home directory, as above
		}
	}
	return false
}

// builtOn returns the base of a call building a path (the first element
// of filepath.Join, the first argument of fmt.Sprintf("%s/...")), or nil.
func builtOn(common *ssa.CallCommon) ssa.Value {
	callee := common.StaticCallee()
	if callee == nil || len(common.Args) == 0 || callee.Name() != "Join" && callee.Name() != "Sprintf" {
		return nil // (the name first: funcKey builds a string)
	}
	f := code.Lookup(code.FuncKey(callee))
	switch {
	case f.Has(knowledge.Join):
		if elems, ok := code.Varargs(common.Args[0]); ok && len(elems) >= 2 {
			return elems[0]
		}
	case f.Has(knowledge.Format) && len(common.Args) == 2:
		format, ok := code.ConstString(common.Args[0])
		if !ok || !strings.HasPrefix(format, "%s") && !strings.HasPrefix(format, "%v") {
			return nil
		}
		if elems, ok := code.Varargs(common.Args[1]); ok && len(elems) >= 1 {
			return elems[0]
		}
	}
	return nil
}

// homeOrEnv reports whether v has an origin that is the home or config
// directory or an environment variable itself, not a path already built
// below one (that is reported where it was built).
func homeOrEnv(v Origins) bool {
	for _, a := range v {
		if a.BareSource() && (a.Cause == CauseHome || a.Cause == CauseEnv) {
			return true
		}
	}
	return false
}

// leftOfAdd reports whether b is the left operand of another +: part of a
// longer chain, reported at its outermost +.
func leftOfAdd(b *ssa.BinOp) bool {
	for _, ref := range *b.Referrers() {
		if outer, ok := ref.(*ssa.BinOp); ok && outer.Op == token.ADD && outer.X == b {
			return true
		}
	}
	return false
}

// relDotPaths returns the origins of v that are literals relative to the
// working directory whose first element is a dot-name (".apprc",
// "./.app/x").
func relDotPaths(v Origins) Origins {
	var out Origins
	for _, a := range v {
		if a.Kind != Bad || !a.Rel || a.Lit == "" {
			continue
		}
		p := a.Lit
		if a.Path != "" {
			p += "/" + a.Path
		}
		first, _, _ := strings.Cut(strings.TrimPrefix(p, "./"), "/")
		if len(first) > 1 && first[0] == '.' && first != ".." {
			out = append(out, a)
		}
	}
	return out
}
