package rules

import (
	"go/types"
	"reflect"
	"strings"
	"sync"

	"github.com/staterootlint/staterootlint/analyzers/internal/knowledge"
	"github.com/staterootlint/staterootlint/analyzers/internal/lattice"
	"github.com/staterootlint/staterootlint/analyzers/internal/rootflow/code"
	"github.com/staterootlint/staterootlint/analyzers/internal/rootflow/hook"
	"golang.org/x/tools/go/ssa"
)

// reflectFilledRule: a library that fills a struct by reflection
// (knowledge.FillsFlags, FillsDecoded) leaves no store in the program, so
// each call of one is a store into every exported path field of each
// struct it fills, nested structs included: the structs its arguments
// point to and those it returns. A command-line parser's (kong.Parse) is
// the user's choice, its default tags included, as flag.String's default
// is; a decoder's (json.Unmarshal, env.ParseAs) is data the analysis
// cannot follow, with the field's default tag's literal
// (`default:"app.log"`, `envDefault:"app.log"`), checked where a write
// requires the field. Unsound where a parser's field is also set by the
// program to a value of its own (that store is checked as any other), and
// where a decoder is passed a struct through an interface value it did
// not make (any from a parameter): nothing is recorded, and the field is
// unstored (unstored.go).
type reflectFilledRule struct{}

func (reflectFilledRule) Name() string { return "reflect-filled" }

func (reflectFilledRule) Indexed(hook.Context) {}

// Index records the stores of a call of a library function that fills
// structs by reflection into the path fields of the structs its
// arguments point to and its results are (or point to).
func (reflectFilledRule) Index(ctx hook.Context, fn *ssa.Function, instr ssa.Instruction) {
	in, ok := instr.(ssa.CallInstruction)
	if !ok {
		return
	}
	callee := in.Common().StaticCallee()
	if callee == nil || !fillerNames()[code.Origin(callee).Name()] {
		return // most calls: no key built
	}
	key := code.FuncKey(callee)
	filler, _ := knowledge.Lookup(key)
	decoded := filler.Has(knowledge.FillsDecoded)
	if !decoded && !filler.Has(knowledge.FillsFlags) {
		return
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
		fillStruct(ctx, t, func(f *types.Var, tag reflect.StructTag) hook.StoreSite {
			s := hook.StoreSite{Pos: in.Pos(), Fn: fn}
			if decoded {
				why := "data " + lattice.ShortName(key) + " decodes, which the analysis cannot follow"
				s.Fill = append(hook.TagDefault(tag, ctx.At(f.Pos())), lattice.Origin{Kind: lattice.Bad, Why: why, Cause: filler.Cause, At: ctx.At(in.Pos())})
			}
			return s
		}, seen, 0)
	}
}

// fillerNames are the names of the functions the knowledge table says
// fill structs by reflection ("Unmarshal", "Parse"): a call of any other
// name is no filler.
var fillerNames = sync.OnceValue(func() map[string]bool {
	names := map[string]bool{}
	for _, f := range knowledge.All() {
		if f.Has(knowledge.FillsFlags) || f.Has(knowledge.FillsDecoded) {
			names[f.Name[strings.LastIndex(f.Name, ".")+1:]] = true
		}
	}
	return names
})

// fillStruct adds the store site site returns for each exported path
// field of struct type t (or of the structs t points to or holds as
// elements) and of the structs its fields hold (reflection sets exported
// fields only).
func fillStruct(ctx hook.Context, t types.Type, site func(f *types.Var, tag reflect.StructTag) hook.StoreSite, seen map[types.Type]bool, depth int) {
	t = filledElem(t)
	st, ok := t.Underlying().(*types.Struct)
	if !ok || seen[t] || depth > code.MaxTypeDepth {
		return
	}
	seen[t] = true
	for i := range st.NumFields() {
		f := st.Field(i)
		if !f.Exported() && !f.Embedded() {
			continue
		}
		ft := f.Type()
		if code.IsPathType(ft) && f.Exported() {
			ctx.AddStore(code.FieldKey(t, i, ctx), site(f, reflect.StructTag(st.Tag(i))))
			continue
		}
		fillStruct(ctx, ft, site, seen, depth+1)
	}
}

// filledElem is the struct type t holds a reflective filler fills the
// elements of: t itself, or what a pointer, slice, array or map of t
// holds.
func filledElem(t types.Type) types.Type {
	for range code.MaxTypeDepth {
		switch u := t.Underlying().(type) {
		case *types.Pointer:
			t = u.Elem()
		case *types.Slice:
			t = u.Elem()
		case *types.Array:
			t = u.Elem()
		case *types.Map:
			t = u.Elem()
		default:
			return t
		}
	}
	return t
}
