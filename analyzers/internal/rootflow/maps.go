package rootflow

import (
	"go/token"
	"go/types"

	"github.com/staterootlint/staterootlint/analyzers/internal/lattice"
	"github.com/staterootlint/staterootlint/analyzers/internal/rootflow/code"
	"github.com/staterootlint/staterootlint/analyzers/internal/rootflow/hook"
	"golang.org/x/tools/go/ssa"
)

// Maps. At a constant key the engine follows a map's element to the
// values the package itself stores at that key into maps of the same type
// (env["K"] = v), and to what the rules' mapElem hooks say each origin of
// the map holds there (a copy of the environment, rules/envmap.go). At a
// key it does not know (m[k], a range over m) only the hooks say what the
// element is, asked at hook.AnyKey (a map the package makes and keeps,
// rules/mademaps.go). A map the function makes is whatever the MapRule
// hooks say it is. Anything else is "a map element the analysis cannot
// follow": unproven.

// lookup evaluates m[k].
func (e *engine) lookup(l *ssa.Lookup) Origins {
	at := e.At(l.Pos())
	if _, isMap := l.X.Type().Underlying().(*types.Map); !isMap {
		return hook.UnfollowedElement(at)
	}
	key, isConst := code.ConstString(l.Index)
	if !isConst {
		return elemAtAnyKey(e, l.X, l.Pos())
	}
	if !code.IsPathType(l.X.Type()) {
		return hook.UnfollowedElement(at)
	}
	return lattice.Union(e.mapElems(e.eval(l.X), key, at), e.mapSet(l.X.Type(), key))
}

// elemAtAnyKey evaluates an element of map m at a key the analysis does
// not know (m[k], the value of a range over m).
func elemAtAnyKey(e *engine, m ssa.Value, pos token.Pos) Origins {
	if !code.IsPathType(m.Type()) {
		return hook.UnfollowedElement(e.At(pos))
	}
	return e.mapElems(e.eval(m), hook.AnyKey, e.At(pos))
}

// mapElems returns the elements at key (a constant, or anyKey) of the maps
// v may be.
func (e *engine) mapElems(v Origins, key string, at token.Position) Origins {
	return v.Map(func(a Origin) Origins {
		return e.hooks.mapElem(e.rules, a, key, at)
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
func (ix *index) indexMapSets() {
	if ix.mapSets != nil {
		return
	}
	ix.mapSets = map[string][]ssa.Value{}
	for _, fn := range ix.funcs {
		for _, b := range fn.Blocks {
			for _, instr := range b.Instrs {
				up, ok := instr.(*ssa.MapUpdate)
				if !ok {
					continue
				}
				if key, isConst := code.ConstString(up.Key); isConst {
					k := mapSetKey(up.Map.Type(), key)
					ix.mapSets[k] = append(ix.mapSets[k], up.Value)
				}
			}
		}
	}
}

// mapSetKey names the element at key of maps of type t.
func mapSetKey(t types.Type, key string) string {
	return types.TypeString(t, nil) + "\x00" + key
}
