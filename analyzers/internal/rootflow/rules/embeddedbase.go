package rules

import (
	"go/token"
	"go/types"
	"maps"
	"slices"

	"github.com/staterootlint/staterootlint/analyzers/internal/lattice"
	"github.com/staterootlint/staterootlint/analyzers/internal/rootflow/code"
	"github.com/staterootlint/staterootlint/analyzers/internal/rootflow/hook"
	"golang.org/x/tools/go/ssa"
)

// maxConstructorDepth bounds the calls followed back to where an
// object stored into an embedding field is allocated; past it, its
// base's fields are read as the fields of any object (embeddedbase.go).
const maxConstructorDepth = 4

// Fields of a shared base, per embedding type: several types embed one
// base struct (type cacheNode struct{ *base }), and a cell per field
// (base.dir) joins what every kind of node stores into its base. When the
// base's field is read through the embedding field of a known type
// (n.base.dir, n a *cacheNode), the read is of a finer cell,
// "pkg.cacheNode.base.dir": the stores into the bases of cacheNode
// objects only. Those are known when the package sees every store into
// the embedding field and every one stores an object it can name: one
// allocated by a composite literal or new, in place or through
// constructors of the package (newBase(dir), whose stores into the new
// object are taken at each call with its arguments). Stores into the
// field through any other pointer (a method of the base, (b *base)
// setDir) may be into any object, so every finer cell keeps them; one
// through an embedding field (n.base.dir = v, n a *cacheNode) is into
// that type's bases only.
//
// Both fields must be unexported and both types declared in the package,
// so that no other package stores into them; neither field's address may
// be taken other than to load or store it, and no value of another
// struct type may be converted to the embedding type (T(u) brings u's
// objects). Otherwise, or when a stored object comes from elsewhere (a
// parameter, a field, an interface call), reads use the field's cell as
// before; so do reads in the base's own methods ((b *base) Dir), whose
// receiver may be any object.

// embedIndex is what the index collects for fields of shared bases.
type embedIndex struct {
	values  map[string][]ssa.Value    // objects stored into each embedding field T.g, by its cell key
	open    map[string]bool           // fields whose address escapes (T.g or base.f), or whose type a value is converted to
	aliased map[string][]aliasedStore // stores into base.f through other pointers than a new object
	refined map[string]bool           // embedding fields T.g whose objects are known by allocation site
}

// init makes the maps, when the package has fields of its own.
func (x *embedIndex) init() {
	if x.values == nil {
		*x = embedIndex{values: map[string][]ssa.Value{}, open: map[string]bool{}, aliased: map[string][]aliasedStore{}, refined: map[string]bool{}}
	}
}

// collectEmbed records a field address of the package's own types for the
// finer cells: the objects stored into an embedding field, and whether a
// field's address is used otherwise than to load or store it.
func (eb *embeddedBaseRule) collectEmbed(ctx hook.Context, fa *ssa.FieldAddr) {
	key, ok := eb.ownField(ctx, fa.X.Type(), fa.Field)
	if !ok {
		return
	}
	eb.embed.init()
	for _, ref := range *fa.Referrers() {
		switch ref := ref.(type) {
		case *ssa.DebugRef:
		case *ssa.UnOp:
			if ref.Op != token.MUL {
				eb.embed.open[key] = true
			}
		case *ssa.Store:
			if ref.Addr != fa {
				eb.embed.open[key] = true
				continue
			}
			if code.BaseStruct(fa.Type().(*types.Pointer).Elem()) != nil {
				eb.embed.values[key] = append(eb.embed.values[key], ref.Val)
			}
			if _, fresh := fa.X.(*ssa.Alloc); !fresh && code.IsPathType(ref.Val.Type()) {
				s := aliasedStore{StoreSite: hook.StoreSite{Pos: ref.Pos(), Val: ref.Val, Fn: ref.Parent()}, through: embeddingField(fa.X, ctx)}
				eb.embed.aliased[key] = append(eb.embed.aliased[key], s)
			}
		default:
			eb.embed.open[key] = true
		}
	}
}

// collectConversion marks the fields of a struct type of the package as
// open when a value of another type is converted to it (or a pointer to
// it): the objects in its fields are then the other type's.
func (eb *embeddedBaseRule) collectConversion(ctx hook.Context, c *ssa.ChangeType) {
	t := c.Type()
	if p, ok := t.Underlying().(*types.Pointer); ok {
		t = p.Elem()
	}
	st, ok := t.Underlying().(*types.Struct)
	if !ok {
		return
	}
	for i := range st.NumFields() {
		if key, own := eb.ownField(ctx, t, i); own {
			eb.embed.init()
			eb.embed.open[key] = true
		}
	}
}

// ownField returns the cell key of field i of the struct t is (or points
// to) when only this package can store into it: an unexported field of a
// named type of the package.
func (eb *embeddedBaseRule) ownField(ctx hook.Context, t types.Type, i int) (string, bool) {
	if p, ok := t.Underlying().(*types.Pointer); ok {
		t = p.Elem()
	}
	named, ok := types.Unalias(t).(*types.Named)
	if !ok || named.Obj().Pkg() != ctx.AnalysisPass().Pkg {
		return "", false
	}
	st, ok := named.Underlying().(*types.Struct)
	if !ok || i >= st.NumFields() || st.Field(i).Exported() {
		return "", false
	}
	return code.FieldKey(t, i, ctx), true
}

// allocSite is an object stored into an embedding field: allocated in
// its function, returned through the calls in via (outermost first).
type allocSite struct {
	obj *ssa.Alloc
	via []ssa.CallInstruction
}

// refineEmbedded decides, once the index has every store, which
// embedding fields have objects known by allocation site, and gives each
// of their finer cells its store sites: the new objects' own stores and
// the stores through other pointers that may be into the same objects.
func (eb *embeddedBaseRule) refineEmbedded(ctx hook.Context) {
	objects := map[string]map[objectID]bool{}
	var keys []string
	for _, key := range slices.Sorted(maps.Keys(eb.embed.values)) {
		if eb.embed.open[key] {
			continue
		}
		var sites []allocSite
		known := true
		for _, v := range eb.embed.values[key] {
			if sites, known = eb.allocSites(ctx, v, nil, sites, map[ssa.Value]bool{}); !known {
				break
			}
		}
		if !known {
			continue
		}
		eb.embed.refined[key] = true
		keys = append(keys, key)
		objects[key] = map[objectID]bool{}
		for _, s := range sites {
			objects[key][s.id()] = true
			eb.freshStores(ctx, key, s)
		}
	}
	for _, key := range keys {
		st := code.BaseStruct(eb.embedFieldType(ctx, key))
		for i := 0; st != nil && i < st.NumFields(); i++ {
			cell := key + "." + st.Field(i).Name()
			for _, a := range eb.embed.aliased[eb.baseKey(ctx, key, i)] {
				if a.through == "" || !eb.embed.refined[a.through] || shareObjects(objects[a.through], objects[key]) {
					ctx.AddStore(cell, a.StoreSite)
				}
			}
		}
	}
}

// freshStores adds the stores into the fields of a new object to the
// finer cells of the embedding field it is stored into.
func (eb *embeddedBaseRule) freshStores(ctx hook.Context, key string, s allocSite) {
	for _, ref := range *s.obj.Referrers() {
		fa, ok := ref.(*ssa.FieldAddr)
		if !ok {
			continue
		}
		base, ok := eb.ownField(ctx, fa.X.Type(), fa.Field)
		if !ok || eb.embed.open[base] {
			continue
		}
		cell := key + "." + fieldName(fa.X.Type(), fa.Field)
		for _, use := range *fa.Referrers() {
			if st, ok := use.(*ssa.Store); ok && st.Addr == fa && code.IsPathType(st.Val.Type()) {
				pos := st.Pos()
				if len(s.via) > 0 {
					pos = s.via[0].Pos() // where the object's kind is known
				}
				ctx.AddStore(cell, hook.StoreSite{Pos: pos, Val: st.Val, Fn: st.Parent(), Via: s.via})
			}
		}
	}
}

// objectID tells the objects of an allocation site apart by the call
// whose result they are: each call of a constructor makes a new one.
type objectID struct {
	obj  *ssa.Alloc
	call ssa.CallInstruction
}

func (s allocSite) id() objectID {
	if len(s.via) == 0 {
		return objectID{obj: s.obj}
	}
	return objectID{obj: s.obj, call: s.via[0]}
}

// shareObjects reports whether two embedding fields may hold the same
// object.
func shareObjects(a, b map[objectID]bool) bool {
	for id := range a {
		if b[id] {
			return true
		}
	}
	return false
}

// allocSites adds to sites the objects v can be: allocated here or
// returned by a constructor of the package; known is false when v may be
// an object from elsewhere. seen guards the phis of one function.
func (eb *embeddedBaseRule) allocSites(ctx hook.Context, v ssa.Value, via []ssa.CallInstruction, sites []allocSite, seen map[ssa.Value]bool) (_ []allocSite, known bool) {
	switch v := v.(type) {
	case *ssa.Alloc:
		return append(sites, allocSite{obj: v, via: via}), true
	case *ssa.Const:
		return sites, v.IsNil()
	case *ssa.Phi:
		if seen[v] {
			return sites, true
		}
		seen[v] = true
		for _, edge := range v.Edges {
			if sites, known = eb.allocSites(ctx, edge, via, sites, seen); !known {
				return sites, false
			}
		}
		return sites, true
	case *ssa.Call:
		return eb.returnedSites(ctx, v, 0, via, sites)
	case *ssa.Extract:
		if call, ok := v.Tuple.(*ssa.Call); ok {
			return eb.returnedSites(ctx, call, v.Index, via, sites)
		}
	}
	return sites, false
}

// returnedSites is allocSites of result idx of a call to a function of
// the package.
func (eb *embeddedBaseRule) returnedSites(ctx hook.Context, call *ssa.Call, idx int, via []ssa.CallInstruction, sites []allocSite) (_ []allocSite, known bool) {
	fn := call.Common().StaticCallee()
	if fn == nil || !ctx.Local(fn) || len(fn.Blocks) == 0 || len(via) == maxConstructorDepth {
		return sites, false
	}
	via = append(via[:len(via):len(via)], call)
	seen := map[ssa.Value]bool{}
	for _, ret := range code.Returns(fn) {
		if idx >= len(ret.Results) {
			continue
		}
		if sites, known = eb.allocSites(ctx, ret.Results[idx], via, sites, seen); !known {
			return sites, false
		}
	}
	return sites, true
}

// refinedCell returns the finer cell of a read of field i of the base x,
// when x is read from an embedding field whose objects are known: x is
// n.g loaded through a pointer, or n.g of a struct value.
// embeddedBaseRule: see above. A read of a base's field through the
// embedding field of a known type is a read of the finer cell.
//
// Unsound where a store into the base reaches it through a path the
// package does not show (the base handed to another package that stores
// into it): the finer cell misses that store.
type embeddedBaseRule struct {
	embed embedIndex // fields of shared bases, per embedding type
}

func (*embeddedBaseRule) ForPackage() hook.Rule { return &embeddedBaseRule{} }

func (*embeddedBaseRule) Name() string { return "embedded-base" }

// Index collects the fields of shared bases: field addresses
// (collectEmbed) and conversions to the embedding types
// (collectConversion).
func (eb *embeddedBaseRule) Index(ctx hook.Context, _ *ssa.Function, instr ssa.Instruction) {
	switch in := instr.(type) {
	case *ssa.FieldAddr:
		eb.collectEmbed(ctx, in)
	case *ssa.ChangeType:
		eb.collectConversion(ctx, in)
	}
}

// Indexed gives the finer cells their stores, once every store is known.
func (eb *embeddedBaseRule) Indexed(ctx hook.Context) { eb.refineEmbedded(ctx) }

func (eb *embeddedBaseRule) FieldRead(ctx hook.Context, _, x ssa.Value, field int, pos token.Pos) (lattice.Origins, bool) {
	key := eb.refinedCell(ctx, x, field)
	if key == "" {
		return nil, false
	}
	return ctx.Cell(key, pos), true
}

func (eb *embeddedBaseRule) refinedCell(ctx hook.Context, x ssa.Value, i int) string {
	if len(eb.embed.refined) == 0 {
		return ""
	}
	key := embeddingField(x, ctx)
	if !eb.embed.refined[key] {
		return ""
	}
	if base, ok := eb.ownField(ctx, x.Type(), i); !ok || eb.embed.open[base] {
		return ""
	}
	return key + "." + fieldName(x.Type(), i)
}

// embeddingField returns the cell key of the field x is read from, when
// x is n.g loaded through a pointer or n.g of a struct value; "" when x
// is read otherwise.
func embeddingField(x ssa.Value, ctx code.Locator) string {
	switch x := x.(type) {
	case *ssa.UnOp:
		if fa, ok := x.X.(*ssa.FieldAddr); ok && x.Op == token.MUL {
			return code.FieldKey(fa.X.Type(), fa.Field, ctx)
		}
	case *ssa.Field:
		return code.FieldKey(x.X.Type(), x.Field, ctx)
	}
	return ""
}

// aliasedStore is a store into a base's field through another pointer
// than a new object; through is the embedding field the base was read
// from, when it was (n.base.dir = v), or "".
type aliasedStore struct {
	hook.StoreSite
	through string
}

// embedFieldType returns the type of the embedding field a cell key
// names, from the stored objects.
func (eb *embeddedBaseRule) embedFieldType(ctx hook.Context, key string) types.Type {
	for _, v := range eb.embed.values[key] {
		return v.Type()
	}
	return nil
}

// baseKey returns the cell key of field i of the base an embedding field
// holds.
func (eb *embeddedBaseRule) baseKey(ctx hook.Context, key string, i int) string {
	return code.FieldKey(eb.embedFieldType(ctx, key), i, ctx)
}

// fieldName returns the name of field i of the struct t is or points to.
func fieldName(t types.Type, i int) string {
	if p, ok := t.Underlying().(*types.Pointer); ok {
		t = p.Elem()
	}
	return t.Underlying().(*types.Struct).Field(i).Name()
}
