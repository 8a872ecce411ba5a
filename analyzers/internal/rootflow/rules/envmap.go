package rules

import (
	"go/token"

	"github.com/staterootlint/staterootlint/analyzers/internal/knowledge"
	"github.com/staterootlint/staterootlint/analyzers/internal/lattice"
	"github.com/staterootlint/staterootlint/analyzers/internal/rootflow/hook"
	"golang.org/x/tools/go/ssa"
)

// envMapRule: the element at a constant key of a map copy of the
// environment is that environment variable (see below). A parameter or
// cell that holds such a map carries the tag MapKey where its element
// reaches a write, so a caller's map argument is read at that key, and a
// requirement on it the transform ReqMapKeys.
//
// Unsound where the map is changed after the copy in a way the package
// does not show (a callee in another package that stores into it).
type envMapRule struct{}

func (envMapRule) Name() string { return "env-map" }

func (envMapRule) BindArg(ctx hook.Context, a lattice.Origin, arg lattice.Origins, _ []ssa.Value, at token.Position) lattice.Origins {
	if k := a.TextOf(lattice.MapKey); k != "" {
		return ctx.MapElems(arg, k, at)
	}
	return arg
}

func (envMapRule) CheckValue(ctx hook.Context, r lattice.Req, v lattice.Origins) lattice.Origins {
	keys := r.Tags.Set(lattice.ReqMapKeys)
	if len(keys) == 0 {
		return v
	}
	return unionEach(keys, func(k string) lattice.Origins { return ctx.MapElems(v, k, r.At) })
}

// A copy of the environment in a map: a program reads os.Environ() once,
// splits each "K=V" and keeps the pairs in a map[string]string, then
// reads env["MYAPP_HOME"] where another would call os.Getenv. A map made
// in a function whose every update stores the two halves of an element
// of os.Environ() is such a copy (the origin envMap); its element at a
// constant key is that variable (a root override where root-env names
// it), and so are the values the package itself stores at that key into
// maps of the same type (env["K"] = v before it is read). Any other map,
// and a copy's element at a key that is not constant, is still "a map
// element the analysis cannot follow".
//
// A map passed on as a parameter or kept in a field is symbolic: its
// element at a constant key is the parameter or cell with MapKey, and the
// requirement on it (Req.MapKeys) has its callers and stores checked for
// the element at that key of what they pass or store.

// envMapWhy describes the origin of a map copy of the environment (the
// tag EnvMap marks it).
const envMapWhy = "a copy of the environment, from os.Environ"

// isEnvMap reports whether a is a map copy of the environment.
func isEnvMap(a lattice.Origin) bool { return a.Kind == lattice.Bad && a.Flag(lattice.EnvMap) }

// MadeMap: a map the function makes whose every update stores the two
// halves of an element of os.Environ() is a copy of the environment.
func (envMapRule) MadeMap(ctx hook.Context, m *ssa.MakeMap) (lattice.Origins, bool) {
	updates := 0
	for _, ref := range *m.Referrers() {
		up, ok := ref.(*ssa.MapUpdate)
		if !ok {
			continue
		}
		updates++
		if !fromEnviron(ctx, up.Key) || !fromEnviron(ctx, up.Value) {
			return nil, false
		}
	}
	if updates == 0 {
		return nil, false
	}
	a := lattice.Origin{Kind: lattice.Bad, Why: envMapWhy, Cause: knowledge.CauseEnv, At: ctx.At(m.Pos())}
	a.SetFlag(lattice.EnvMap, true)
	return lattice.Origins{a}, true
}

// fromEnviron reports whether every origin of v is os.Environ() (an
// element of it, a part of one).
func fromEnviron(ctx hook.Context, v ssa.Value) bool {
	o := ctx.Eval(v)
	for _, a := range o {
		if a.Kind != lattice.Bad || a.Src != "os.Environ" {
			return false
		}
	}
	return len(o) > 0
}

// MapElem: the element at key of a copy of the environment is that
// variable; a parameter or cell holding a map is symbolic, its element at
// key the same symbol with MapKey, so callers and stores are checked at
// that key.
func (envMapRule) MapElem(ctx hook.Context, a lattice.Origin, key string, at token.Position) (lattice.Origins, bool) {
	switch {
	case key == hook.AnyKey:
		return nil, false // a variable of a name the analysis does not know
	case isEnvMap(a):
		return lattice.Origins{ctx.EnvVarNamed(key, at)}, true
	case (a.Kind == lattice.Param || a.Kind == lattice.Cell) && a.TextOf(lattice.MapKey) == "" && a.Path == "":
		a.SetText(lattice.MapKey, key)
		return lattice.Origins{a}, true
	}
	return nil, false
}
