package rootflow

import (
	"go/types"
	"reflect"
	"strings"

	"github.com/staterootlint/staterootlint/analyzers/internal/rootflow/hook"
)

// A field nothing stores into. A requirement on a field of this package
// that no store the analysis sees answers, and that no later package can
// store into either (an unexported field, or any of package main), is not
// met: the field is filled where the analysis cannot see (by the
// program's own reflection, a struct tag's default applied by hand) or
// never, and its value is unproven, with its default tag's literal
// (tagDefault), checked where the write requires it.

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
		return append(hook.TagDefault(reflect.StructTag(st.Tag(i)), ix.At(f.Pos())), ix.bad(f.Pos(), "%s", why)...), true
	}
	return nil, false
}
