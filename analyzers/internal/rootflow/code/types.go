package code

import (
	"go/build"
	"go/types"
	"os"
	"path/filepath"
	"sync"
)

// MaxTypeDepth bounds the walk of a (possibly recursive) type when
// deciding whether it carries paths.
const MaxTypeDepth = 4

// NamedOf is the type name of t or of what t points to, or nil.
func NamedOf(t types.Type) *types.TypeName {
	if p, ok := t.(*types.Pointer); ok {
		t = p.Elem()
	}
	if n, ok := types.Unalias(t).(*types.Named); ok {
		return n.Origin().Obj()
	}
	return nil
}

// IsStdPath reports whether an import path is the standard library's:
// a directory of that name in GOROOT/src (cached).
func IsStdPath(path string) bool {
	if std, ok := stdPaths.Load(path); ok {
		return std.(bool)
	}
	fi, err := os.Stat(filepath.Join(build.Default.GOROOT, "src", filepath.FromSlash(path)))
	std := err == nil && fi.IsDir()
	stdPaths.Store(path, std)
	return std
}

// stdPaths caches isStdPath: analyzers run in parallel.
var stdPaths sync.Map

func IsPathType(t types.Type) bool { return pathType(t, 0) }

// pathType is isPathType with a depth bound: types may be recursive
// (type list []list, type p *p).
func pathType(t types.Type, depth int) bool {
	if depth > MaxTypeDepth {
		return false
	}
	if tp, ok := types.Unalias(t).(*types.TypeParam); ok {
		return stringConstraint(tp, depth+1)
	}
	switch u := t.Underlying().(type) {
	case *types.Basic:
		return u.Info()&types.IsString != 0
	case *types.Slice:
		return pathType(u.Elem(), depth+1)
	case *types.Array:
		return pathType(u.Elem(), depth+1)
	case *types.Pointer:
		if named, ok := u.Elem().(*types.Named); ok && named.Obj().Pkg() != nil && named.Obj().Pkg().Path() == "os" {
			switch named.Obj().Name() {
			case "File", "Root":
				return true
			}
		}
		return pathType(u.Elem(), depth+1)
	case *types.Map:
		// A map of strings may be a copy of the environment (rules/envmap.go).
		return IsString(u.Key()) && IsString(u.Elem())
	case *types.Signature:
		// A func value may be an authority (stored in a field, called later).
		return u.Params().Len() == 0 && u.Results().Len() >= 1 && pathType(u.Results().At(0).Type(), depth+1)
	}
	return false
}

// stringConstraint reports whether a type parameter's constraint admits
// only string types (~string, string | []byte counts as not).
func stringConstraint(tp *types.TypeParam, depth int) bool {
	iface, ok := tp.Constraint().Underlying().(*types.Interface)
	if !ok {
		return false
	}
	found := false
	for i := range iface.NumEmbeddeds() {
		switch u := iface.EmbeddedType(i).(type) {
		case *types.Union:
			for j := range u.Len() {
				if !pathType(u.Term(j).Type(), depth) {
					return false
				}
				found = true
			}
		default:
			if pathType(u, depth) {
				found = true
			}
		}
	}
	return found
}

// IsString reports whether t is a string type.
func IsString(t types.Type) bool {
	b, ok := t.Underlying().(*types.Basic)
	return ok && b.Info()&types.IsString != 0
}

// BaseStruct returns the struct a pointer-typed field points to, or nil.
func BaseStruct(t types.Type) *types.Struct {
	p, ok := t.Underlying().(*types.Pointer)
	if !ok {
		return nil
	}
	named, ok := types.Unalias(p.Elem()).(*types.Named)
	if !ok {
		return nil
	}
	st, _ := named.Underlying().(*types.Struct)
	return st
}
