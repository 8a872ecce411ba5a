package rootflow

import (
	"go/token"

	"github.com/staterootlint/staterootlint/analyzers/internal/lattice"
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

func (envMapRule) name() string { return "env-map" }

func (envMapRule) bindArg(ctx ruleContext, a Origin, arg Origins, _ []ssa.Value, at token.Position) Origins {
	if k := a.TextOf(lattice.MapKey); k != "" {
		return ctx.mapElems(arg, k, at)
	}
	return arg
}

func (envMapRule) checkValue(ctx ruleContext, r Req, v Origins) Origins {
	keys := r.Tags.Set(lattice.ReqMapKeys)
	if len(keys) == 0 {
		return v
	}
	return unionEach(keys, func(k string) Origins { return ctx.mapElems(v, k, r.At) })
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
func isEnvMap(a Origin) bool { return a.Kind == Bad && a.Flag(lattice.EnvMap) }

// madeMap: a map the function makes whose every update stores the two
// halves of an element of os.Environ() is a copy of the environment.
func (envMapRule) madeMap(ctx ruleContext, m *ssa.MakeMap) (Origins, bool) {
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
	a := Origin{Kind: Bad, Why: envMapWhy, Cause: CauseEnv, At: ctx.at(m.Pos())}
	a.SetFlag(lattice.EnvMap, true)
	return Origins{a}, true
}

// fromEnviron reports whether every origin of v is os.Environ() (an
// element of it, a part of one).
func fromEnviron(ctx ruleContext, v ssa.Value) bool {
	o := ctx.eval(v)
	for _, a := range o {
		if a.Kind != Bad || a.Src != "os.Environ" {
			return false
		}
	}
	return len(o) > 0
}

// mapElem: the element at key of a copy of the environment is that
// variable; a parameter or cell holding a map is symbolic, its element at
// key the same symbol with MapKey, so callers and stores are checked at
// that key.
func (envMapRule) mapElem(ctx ruleContext, a Origin, key string, at token.Position) (Origins, bool) {
	switch {
	case key == anyKey:
		return nil, false // a variable of a name the analysis does not know
	case isEnvMap(a):
		return Origins{ctx.envVarNamed(key, at)}, true
	case (a.Kind == Param || a.Kind == Cell) && a.TextOf(lattice.MapKey) == "" && a.Path == "":
		a.SetText(lattice.MapKey, key)
		return Origins{a}, true
	}
	return nil, false
}
