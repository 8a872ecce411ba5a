package rules

import (
	"go/token"
	"go/types"
	"slices"
	"strconv"
	"strings"

	"github.com/staterootlint/staterootlint/analyzers/internal/lattice"
	"github.com/staterootlint/staterootlint/analyzers/internal/rootflow/code"
	"github.com/staterootlint/staterootlint/analyzers/internal/rootflow/hook"
	"golang.org/x/tools/go/ssa"
)

// Maps the package makes. A program keeps the directories it made in a
// map of its own (c.tempDirs[key] = dir, made once by purpose, then read
// back at a key it computes, or ranged over at exit to remove them all).
// Such a map holds what the function that makes it stores into it
// directly (m := make(...); m[k] = v, a map literal's elements), and what
// the package stores into a map of its type it reaches another way
// (through a variable, a field, a parameter: that may be any map of the
// type), at any key: a read at a key the analysis does not know, or the
// value of a range over it, is one of those values, and a read at a
// constant key is one stored at that key or at a key the analysis does
// not know. Two maps of one type, templates and the paths expanded from
// them, are two maps.
//
// A map type is the package's own when no value of it leaves the package
// where another may store into it unseen: it is passed to no function of
// another package (nor through an interface or a func value), made into
// no interface, stored into no other package's variable or field,
// returned by no exported function, and held by no exported field or
// variable of the package. A map the package did not make (a parameter,
// another package's result, a decoded struct's field) is still "a map
// element the analysis cannot follow".

// madeMapsRule: see above. MadeMap names a map the function makes, of a
// type the package keeps to itself, as such (the tag OwnMap, Key its
// type); MapElem is its element, and the element at an unknown key of a
// field or variable that only ever holds such maps.
//
// Unsound where a map of the type changes through a route the index does
// not see (reflection, unsafe, a method value of a named map type handed
// out).
type madeMapsRule struct {
	updates map[string][]mapUpdate // by map type: every update of a map of that type not made in the same function; by site (madeSite), the updates of that made map
	escaped map[string]bool        // map types a value of which leaves the package
}

// mapUpdate is one m[k] = v: the constant key, if k is one, and v.
type mapUpdate struct {
	key      string
	constant bool
	value    ssa.Value
}

func (*madeMapsRule) ForPackage() hook.Rule {
	return &madeMapsRule{updates: map[string][]mapUpdate{}, escaped: map[string]bool{}}
}

func (*madeMapsRule) Name() string { return "made-maps" }

// Index records every update of a map and every way a map leaves the
// package.
func (r *madeMapsRule) Index(ctx hook.Context, fn *ssa.Function, instr ssa.Instruction) {
	switch in := instr.(type) {
	case *ssa.MapUpdate:
		key, isConst := code.ConstString(in.Key)
		t := mapTypeKey(in.Map.Type())
		if m, ok := in.Map.(*ssa.MakeMap); ok && m.Pos().IsValid() {
			t = madeSite(ctx, m)
		}
		r.updates[t] = append(r.updates[t], mapUpdate{key: key, constant: isConst, value: in.Value})
	case ssa.CallInstruction:
		common := in.Common()
		if _, builtin := common.Value.(*ssa.Builtin); builtin {
			return
		}
		callee := common.StaticCallee()
		if callee != nil && ctx.Local(callee) {
			return
		}
		for _, a := range common.Args {
			r.escape(a.Type())
		}
	case *ssa.MakeInterface:
		r.escape(in.X.Type())
	case *ssa.Store:
		if foreignAddr(ctx, in.Addr) {
			r.escape(in.Val.Type())
		}
	case *ssa.Return:
		if fn.Object() != nil && fn.Object().Exported() {
			for _, v := range in.Results {
				r.escape(v.Type())
			}
		}
	}
}

// Indexed marks the map types the package's exported fields and
// variables hold: another package may store into them.
func (r *madeMapsRule) Indexed(ctx hook.Context) {
	scope := ctx.AnalysisPass().Pkg.Scope()
	for _, name := range scope.Names() {
		switch obj := scope.Lookup(name).(type) {
		case *types.Var:
			if obj.Exported() {
				r.escape(obj.Type())
			}
		case *types.TypeName:
			if st, ok := obj.Type().Underlying().(*types.Struct); ok && obj.Exported() {
				for i := range st.NumFields() {
					if st.Field(i).Exported() {
						r.escape(st.Field(i).Type())
					}
				}
			}
		}
	}
}

// escape marks the map type t is, or points to, as leaving the package.
func (r *madeMapsRule) escape(t types.Type) {
	if p, ok := t.Underlying().(*types.Pointer); ok {
		t = p.Elem()
	}
	if _, ok := t.Underlying().(*types.Map); ok {
		r.escaped[mapTypeKey(t)] = true
	}
}

// foreignAddr reports whether addr is a field of another package's
// struct or another package's variable.
func foreignAddr(ctx hook.Context, addr ssa.Value) bool {
	pkg := ctx.AnalysisPass().Pkg
	switch a := addr.(type) {
	case *ssa.Global:
		return a.Pkg != nil && a.Pkg.Pkg != pkg
	case *ssa.FieldAddr:
		p, ok := a.X.Type().Underlying().(*types.Pointer)
		if !ok {
			return false
		}
		named, ok := types.Unalias(p.Elem()).(*types.Named)
		return ok && named.Obj().Pkg() != pkg
	}
	return false
}

// mapTypeKey names a map type: its type string, the same for every map
// of it.
func mapTypeKey(t types.Type) string { return types.TypeString(t, nil) }

// madeSite names the map m makes: its type's key and where it is made.
func madeSite(ctx hook.Context, m *ssa.MakeMap) string {
	at := ctx.AnalysisPass().Fset.Position(m.Pos())
	return mapTypeKey(m.Type()) + "@" + at.Filename + ":" + strconv.Itoa(at.Offset)
}

// siteType is the map type's key of a key mapTypeKey or madeSite made.
func siteType(key string) string {
	t, _, _ := strings.Cut(key, "@")
	return t
}

// MadeMap: a map the function makes, of a type the package keeps.
func (r *madeMapsRule) MadeMap(ctx hook.Context, m *ssa.MakeMap) (lattice.Origins, bool) {
	t := mapTypeKey(m.Type())
	if r.escaped[t] {
		return nil, false
	}
	a := hook.UnfollowedElement(ctx.At(m.Pos()))[0]
	a.Key = t
	if m.Pos().IsValid() {
		a.Key = madeSite(ctx, m)
	}
	a.SetFlag(lattice.OwnMap, true)
	return lattice.Origins{a}, true
}

// MapElem: the element of a map the package makes, and of a field or
// variable every store into which is such a map.
func (r *madeMapsRule) MapElem(ctx hook.Context, a lattice.Origin, key string, at token.Position) (lattice.Origins, bool) {
	switch {
	case a.OwnMap():
		return r.elems(ctx, a.Key, key), true
	case a.Kind == lattice.Cell && a.Path == "" && a.TextOf(lattice.MapKey) == "":
		stores := ctx.CellStores(a.Key)
		parts := make([]lattice.Origins, 0, len(stores))
		for _, s := range stores {
			switch {
			case s.Kind == lattice.Empty:
			case s.OwnMap():
				parts = append(parts, r.elems(ctx, s.Key, key))
			default:
				return nil, false
			}
		}
		return lattice.Union(parts...), len(parts) > 0
	}
	return nil, false
}

// elems is the union of the values the package stores at key
// (hook.AnyKey: at every key) into the map site names (madeSite: its
// own updates, and those of any map of its type), or into maps of type
// site; "" where it stores none there.
func (r *madeMapsRule) elems(ctx hook.Context, site, key string) lattice.Origins {
	var parts []lattice.Origins
	updates := r.updates[site]
	if t := siteType(site); t != site {
		updates = append(slices.Clip(updates), r.updates[t]...)
	}
	for _, u := range updates {
		if key == hook.AnyKey || !u.constant || u.key == key {
			parts = append(parts, ctx.Eval(u.value))
		}
	}
	if len(parts) == 0 {
		return lattice.Origins{{Kind: lattice.Empty}}
	}
	return lattice.Union(parts...)
}
