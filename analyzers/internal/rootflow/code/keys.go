package code

import (
	"go/token"
	"go/types"
	"strconv"

	"github.com/staterootlint/staterootlint/analyzers/internal/knowledge"
	"github.com/staterootlint/staterootlint/analyzers/internal/report"
	"golang.org/x/tools/go/ssa"
)

// FuncKey is the identity of a function across packages: the full name of
// its generic origin, or the SSA name for anonymous and synthetic ones.
func FuncKey(fn *ssa.Function) string {
	fn = Origin(fn)
	if obj, ok := fn.Object().(*types.Func); ok && fn.Parent() == nil && (fn.Synthetic == "" || fn.Synthetic == OnDemand) && !isInitFunc(obj) {
		return obj.FullName()
	}
	return fn.String()
}

// isInitFunc reports whether obj is a declared init function. Every one
// of a package's is named "pkg.init", as is its package initializer; SSA
// numbers them ("pkg.init#1"), and only that name keeps them apart.
func isInitFunc(obj *types.Func) bool {
	return obj.Name() == "init" && obj.Type().(*types.Signature).Recv() == nil
}

func GlobalKey(g *ssa.Global) string {
	if g.Pkg != nil {
		return g.Pkg.Pkg.Path() + "." + g.Name()
	}
	return g.Name()
}

// FieldKey is the identity of field i of the struct that ptrOrStruct is
// (or points to): "pkg/path.Type.field".
func FieldKey(ptrOrStruct types.Type, i int, e Locator) string {
	t := ptrOrStruct
	if p, ok := t.Underlying().(*types.Pointer); ok {
		t = p.Elem()
	}
	st, _ := t.Underlying().(*types.Struct)
	if st == nil || i >= st.NumFields() {
		return "?"
	}
	f := st.Field(i)
	if named, ok := types.Unalias(t).(*types.Named); ok {
		obj := named.Origin().Obj()
		if obj.Pkg() != nil {
			return obj.Pkg().Path() + "." + obj.Name() + "." + f.Name()
		}
	}
	pkg := ""
	if f.Pkg() != nil {
		pkg = f.Pkg().Path()
	}
	return pkg + ".struct{}." + f.Name() + "@" + ShortPos(e.At(f.Pos()))
}

// Origin returns the generic function an instance was made from, or fn.
func Origin(fn *ssa.Function) *ssa.Function {
	if o := fn.Origin(); o != nil {
		return o
	}
	return fn
}

// ShortPos renders a position for messages: "cmd/log/command.go:12",
// relative to the root of the module that holds the file, or
// "command.go:12" where that is not known (report.ModuleRelative); ""
// when it is not valid.
func ShortPos(p token.Position) string {
	if !p.IsValid() {
		return ""
	}
	return report.ModuleRelative(p.Filename) + ":" + strconv.Itoa(p.Line)
}

// Lookup returns the table's entry for a function key (a zero Func, with
// no roles, for functions the table does not know).
func Lookup(key string) knowledge.Func {
	f, _ := knowledge.Lookup(key)
	return f
}

// OnDemand is the provenance (ssa.Function.Synthetic) of a function SSA
// makes from a declared method's type, when the method's package was not
// created: a declared function all the same (funcKey).
const OnDemand = "from type information (on demand)"

// Locator turns a position into a file position.
type Locator interface {
	At(pos token.Pos) token.Position
}
