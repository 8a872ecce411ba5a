package rootflow

import (
	"go/token"
	"go/types"

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

func (envMapRule) bindArg(e *engine, a Origin, arg Origins, _ []ssa.Value, at token.Position) Origins {
	if k := a.TextOf(lattice.MapKey); k != "" {
		return e.mapElems(arg, k, at)
	}
	return arg
}

func (envMapRule) checkValue(e *engine, r Req, v Origins) Origins {
	keys := r.Tags.Set(lattice.ReqMapKeys)
	if len(keys) == 0 {
		return v
	}
	return unionEach(keys, func(k string) Origins { return e.mapElems(v, k, r.At) })
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

// envMapWhy marks the origin of a map copy of the environment.
const envMapWhy = "a copy of the environment, from os.Environ"

// unfollowedElement is the origin of a map element the analysis does not
// follow.
func unfollowedElement(at token.Position) Origins {
	return Origins{{Kind: Bad, Why: "a map element, which the analysis cannot follow", At: at}}
}

// isEnvMap reports whether a is a map copy of the environment.
func isEnvMap(a Origin) bool {
	return a.Kind == Bad && a.Cause == CauseEnv && a.Why == envMapWhy
}

// madeMap evaluates a map the function makes: a copy of the environment,
// or a map whose elements the analysis does not follow.
func (e *engine) madeMap(m *ssa.MakeMap) Origins {
	at := e.at(m.Pos())
	updates := 0
	for _, ref := range *m.Referrers() {
		up, ok := ref.(*ssa.MapUpdate)
		if !ok {
			continue
		}
		updates++
		if !e.fromEnviron(up.Key) || !e.fromEnviron(up.Value) {
			return unfollowedElement(at)
		}
	}
	if updates == 0 {
		return unfollowedElement(at)
	}
	return Origins{{Kind: Bad, Why: envMapWhy, Cause: CauseEnv, At: at}}
}

// fromEnviron reports whether every origin of v is os.Environ() (an
// element of it, a part of one).
func (e *engine) fromEnviron(v ssa.Value) bool {
	o := e.eval(v)
	for _, a := range o {
		if a.Kind != Bad || a.Src != "os.Environ" {
			return false
		}
	}
	return len(o) > 0
}

// lookup evaluates m[k].
func (e *engine) lookup(l *ssa.Lookup) Origins {
	at := e.at(l.Pos())
	key, isConst := constString(l.Index)
	if _, isMap := l.X.Type().Underlying().(*types.Map); !isMap || !isConst || !isPathType(l.X.Type()) {
		return unfollowedElement(at)
	}
	return lattice.Union(e.mapElems(e.eval(l.X), key, at), e.mapSet(l.X.Type(), key))
}

// mapElems returns the elements at constant key of the maps v may be.
func (e *engine) mapElems(v Origins, key string, at token.Position) Origins {
	return v.Map(func(a Origin) Origins {
		switch {
		case isEnvMap(a):
			return Origins{e.envVarNamed(key, at)}
		case (a.Kind == Param || a.Kind == Cell) && a.TextOf(lattice.MapKey) == "" && a.Path == "":
			a.SetText(lattice.MapKey, key)
			return Origins{a}
		case a.Kind == Empty:
			return Origins{a} // a nil map's element is ""
		}
		return unfollowedElement(at)
	})
}

// mapSet is the union of the values the package stores at key into maps
// of type t.
func (e *engine) mapSet(t types.Type, key string) Origins {
	e.indexMapSets()
	var parts []Origins
	for _, v := range e.mapSets[mapSetKey(t, key)] {
		parts = append(parts, e.eval(v))
	}
	return lattice.Union(parts...)
}

// indexMapSets builds mapSets once.
func (e *engine) indexMapSets() {
	if e.mapSets != nil {
		return
	}
	e.mapSets = map[string][]ssa.Value{}
	for _, fn := range e.funcs {
		for _, b := range fn.Blocks {
			for _, instr := range b.Instrs {
				up, ok := instr.(*ssa.MapUpdate)
				if !ok {
					continue
				}
				if key, isConst := constString(up.Key); isConst {
					k := mapSetKey(up.Map.Type(), key)
					e.mapSets[k] = append(e.mapSets[k], up.Value)
				}
			}
		}
	}
}

// mapSetKey names the element at key of maps of type t.
func mapSetKey(t types.Type, key string) string {
	return types.TypeString(t, nil) + "\x00" + key
}
