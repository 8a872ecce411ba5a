package rootflow

import (
	"go/types"
	"runtime"
	"slices"
	"sync"
	"weak"

	"github.com/staterootlint/staterootlint/analyzers/internal/rootflow/code"
)

// The declared types of a package by method name, for interface
// dispatch (dispatch.go). A type can implement an interface only if the
// method set of its pointer has each of the interface's methods, so the
// types worth asking (types.Implements) are the ones indexed under the
// method called. A package's index is made once per process and shared
// by every package that has it in sight: under golangci-lint and the
// standalone driver a dependency's types are one value for the whole run,
// and most packages dispatch on the same interfaces. The index names
// types, it does not hold them, and it is dropped when its package is
// collected (a unit's private types, in the standalone driver).
type methodIndex struct {
	names    []string           // the package's declared non-alias type names, in scope order
	byMethod map[string][]int32 // a method name → indices into names, ascending
}

// methodIndexes holds each package's index: weak.Pointer[types.Package]
// → *methodIndexEntry.
var methodIndexes sync.Map

// methodIndexEntry is a package's index, made once.
type methodIndexEntry struct {
	once sync.Once
	idx  *methodIndex
}

// methodsOf returns the method index of p.
func methodsOf(p *types.Package) *methodIndex {
	wp := weak.Make(p)
	v, loaded := methodIndexes.LoadOrStore(wp, new(methodIndexEntry))
	if !loaded {
		runtime.AddCleanup(p, func(wp weak.Pointer[types.Package]) { methodIndexes.Delete(wp) }, wp)
	}
	ent := v.(*methodIndexEntry)
	ent.once.Do(func() { ent.idx = indexMethods(p) })
	return ent.idx
}

// indexMethods indexes the concrete, non-generic types p declares (the
// ones implementation can return) by the methods of their pointers.
func indexMethods(p *types.Package) *methodIndex {
	idx := &methodIndex{byMethod: map[string][]int32{}}
	scope := p.Scope()
	for _, name := range scope.Names() {
		tn, ok := scope.Lookup(name).(*types.TypeName)
		if !ok || tn.IsAlias() {
			continue
		}
		named, ok := tn.Type().(*types.Named)
		if !ok || named.TypeParams().Len() > 0 || types.IsInterface(named) {
			continue
		}
		methods := pointerMethods(named)
		if len(methods) == 0 {
			continue
		}
		i := int32(len(idx.names))
		idx.names = append(idx.names, name)
		for _, m := range methods {
			if l := idx.byMethod[m]; len(l) == 0 || l[len(l)-1] != i { // unexported names of two packages can repeat
				idx.byMethod[m] = append(l, i)
			}
		}
	}
	return idx
}

// pointerMethods returns the names of the methods in the method set of
// *named, a concrete declared type. Every unit of a go vet run indexes
// all the packages in its sight, so this runs for every type of every
// dependency in every unit: a type that embeds nothing has exactly its
// declared methods, which are read off the type, and only a struct with
// an embedded field pays for types.NewMethodSet (and its promotions).
func pointerMethods(named *types.Named) []string {
	if st, ok := named.Underlying().(*types.Struct); ok {
		for i := range st.NumFields() {
			if st.Field(i).Embedded() {
				return methodSetNames(named)
			}
		}
	}
	out := make([]string, 0, named.NumMethods())
	for m := range named.Methods() {
		if m.Name() == "_" {
			return methodSetNames(named) // left out of method sets
		}
		out = append(out, m.Name())
	}
	return out
}

// methodSetNames returns the names of the methods in the method set of
// *named, as types.NewMethodSet computes it.
func methodSetNames(named *types.Named) []string {
	ms := types.NewMethodSet(types.NewPointer(named))
	out := make([]string, 0, ms.Len())
	for sel := range ms.Methods() {
		out = append(out, sel.Obj().Name())
	}
	return out
}

// implementers returns, in the order of packagesInSight and then of
// names, the declared types in sight whose pointer has a method named
// name: the candidates of a dispatch on a method of that name. A package
// dispatches on a few names many times (Write, Close, String), and in a
// go vet unit hundreds of packages are in sight, so each name's list is
// made once. The caller must not change it.
func (ix *index) implementers(name string) []*types.TypeName {
	if out, ok := ix.byMethod[name]; ok {
		return out
	}
	if ix.byMethod == nil {
		ix.byMethod = map[string][]*types.TypeName{}
	}
	var out []*types.TypeName
	for _, p := range ix.packagesInSight() {
		idx := methodsOf(p)
		scope := p.Scope()
		for _, i := range idx.byMethod[name] {
			out = append(out, scope.Lookup(idx.names[i]).(*types.TypeName))
		}
	}
	ix.byMethod[name] = out
	return out
}

// packagesInSight returns the package and its dependencies outside the
// standard library (whose implementations the knowledge table models),
// depth first in import order, once.
func (ix *index) packagesInSight() []*types.Package {
	if ix.inSight != nil {
		return ix.inSight
	}
	seen := map[*types.Package]bool{}
	var visit func(p *types.Package)
	visit = func(p *types.Package) {
		if seen[p] || code.IsStdPath(p.Path()) {
			return
		}
		seen[p] = true
		ix.inSight = append(ix.inSight, p)
		for _, imp := range p.Imports() {
			visit(imp)
		}
	}
	visit(ix.pass.Pkg)
	ix.inSight = slices.Clip(ix.inSight)
	return ix.inSight
}
