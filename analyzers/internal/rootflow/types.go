package rootflow

import "go/types"

func isPathType(t types.Type) bool { return pathType(t, 0) }

// pathType is isPathType with a depth bound: types may be recursive
// (type list []list, type p *p).
func pathType(t types.Type, depth int) bool {
	if depth > maxTypeDepth {
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
		// A map of strings may be a copy of the environment (rule_envmap.go).
		return isString(u.Key()) && isString(u.Elem())
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

// isString reports whether t is a string type.
func isString(t types.Type) bool {
	b, ok := t.Underlying().(*types.Basic)
	return ok && b.Info()&types.IsString != 0
}

// baseStruct returns the struct a pointer-typed field points to, or nil.
func baseStruct(t types.Type) *types.Struct {
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
