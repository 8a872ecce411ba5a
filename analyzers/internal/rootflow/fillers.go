package rootflow

import (
	"go/token"
	"go/types"
	"reflect"
	"strings"

	"github.com/staterootlint/staterootlint/analyzers/internal/knowledge"
	"github.com/staterootlint/staterootlint/analyzers/internal/lattice"
	"golang.org/x/tools/go/ssa"
)

// Fields filled by reflection. A command-line parser or a decoder
// (knowledge.FillsFlags, FillsDecoded) fills a struct's fields without a
// store the program shows: each call of one is a store into every path
// field of each struct it fills (nested structs included), of the user's
// choice for a parser, of a value the analysis cannot follow (and the
// field's default tag) for a decoder. A field of this package nothing
// stores into at all, that no later package can store into either, is
// filled where the analysis cannot see (by the program's own reflection)
// or never: its value is unproven, with its default tag (unstored).

// defaultTags are the struct tag keys whose value libraries that fill
// fields by reflection put into a field left unset: kong, go-arg,
// creasty/defaults and hand-written fillers spell it default,
// caarlos0/env envDefault.
var defaultTags = []string{"default", "envDefault"}

// fillStores records the stores of a call of key, a library function
// that fills structs by reflection, into the path fields of the structs
// its arguments point to and its results are (or point to); it reports
// whether key is such a function.
func (ix *index) fillStores(fn *ssa.Function, in ssa.CallInstruction, key string) bool {
	decoded := knowledge.Is(key, knowledge.FillsDecoded)
	if !decoded && !knowledge.Is(key, knowledge.FillsFlags) {
		return false
	}
	var filled []types.Type
	for _, a := range in.Common().Args {
		if mi, ok := a.(*ssa.MakeInterface); ok {
			a = mi.X
		}
		if p, ok := a.Type().Underlying().(*types.Pointer); ok {
			filled = append(filled, p.Elem())
		}
	}
	if call, ok := in.(*ssa.Call); ok {
		switch t := call.Type().(type) {
		case *types.Tuple:
			for i := range t.Len() {
				filled = append(filled, t.At(i).Type())
			}
		default:
			filled = append(filled, t)
		}
	}
	seen := map[types.Type]bool{}
	for _, t := range filled {
		if p, ok := t.Underlying().(*types.Pointer); ok {
			t = p.Elem()
		}
		ix.fillStruct(t, func(f *types.Var, tag reflect.StructTag) storeSite {
			s := storeSite{pos: in.Pos(), fn: fn}
			if decoded {
				why := "data " + lattice.ShortName(key) + " decodes, which the analysis cannot follow"
				s.fill = append(tagDefault(tag, ix.at(f.Pos())), ix.bad(in.Pos(), "%s", why)...)
			}
			return s
		}, seen, 0)
	}
	return true
}

// fillStruct adds the store site site returns for each path field of
// struct type t and of the structs its fields hold.
func (ix *index) fillStruct(t types.Type, site func(f *types.Var, tag reflect.StructTag) storeSite, seen map[types.Type]bool, depth int) {
	st, ok := t.Underlying().(*types.Struct)
	if !ok || seen[t] || depth > maxTypeDepth {
		return
	}
	seen[t] = true
	for i := range st.NumFields() {
		f := st.Field(i)
		if !f.Exported() && !f.Embedded() {
			continue // reflection sets exported fields only
		}
		ft := f.Type()
		if isPathType(ft) && f.Exported() {
			cell := fieldKey(t, i, ix)
			ix.storeSites[cell] = append(ix.storeSites[cell], site(f, reflect.StructTag(st.Tag(i))))
			continue
		}
		if p, ok := ft.Underlying().(*types.Pointer); ok {
			ft = p.Elem()
		}
		ix.fillStruct(ft, site, seen, depth+1)
	}
}

// tagDefault is the literal a field's default tag gives it, if any; at
// is the field's position.
func tagDefault(tag reflect.StructTag, at token.Position) Origins {
	for _, k := range defaultTags {
		if v, ok := tag.Lookup(k); ok {
			return Origins{lattice.Literal(v, at)}
		}
	}
	return nil
}

// unstored is the value of field cell key when nothing the analysis sees
// stores into it: ok only for a field of this package no later package
// can store into (an unexported one, or any of package main). It is
// unproven, with the field's default tag.
func (ix *index) unstored(key string) (_ Origins, ok bool) {
	pkg := ix.pass.Pkg
	rest, found := strings.CutPrefix(key, pkg.Path()+".")
	if !found {
		return nil, false
	}
	typeName, fieldName, found := strings.Cut(rest, ".")
	if !found || strings.Contains(fieldName, ".") {
		return nil, false
	}
	tn, _ := pkg.Scope().Lookup(typeName).(*types.TypeName)
	if tn == nil {
		return nil, false
	}
	st, _ := tn.Type().Underlying().(*types.Struct)
	if st == nil {
		return nil, false
	}
	for i := range st.NumFields() {
		f := st.Field(i)
		if f.Name() != fieldName || f.Exported() && pkg.Name() != "main" {
			continue
		}
		why := "no value the analysis sees (nothing stores into it; reflection may fill it)"
		return append(tagDefault(reflect.StructTag(st.Tag(i)), ix.at(f.Pos())), ix.bad(f.Pos(), "%s", why)...), true
	}
	return nil, false
}
