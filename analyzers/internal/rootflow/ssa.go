package rootflow

import (
	"cmp"
	"go/ast"
	"go/token"
	"go/types"
	"slices"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"
)

// buildSSA builds the package's SSA, as buildssa does, but privately: the
// engine's result keeps no SSA, so each package's SSA is garbage once the
// engine has run on it, instead of living as long as the driver does.
// It returns the package and its source functions (with their anonymous
// functions) plus the synthetic init that runs package-level initializers;
// without tests, not the functions declared in _test.go files.
//
// Of its imports, only the package-level functions and variables the
// package names are made members (declared): ssa.Program.CreatePackage
// from export data makes a function of every function and method an
// import declares, and a Kubernetes or cloud API package has thousands
// where the package that imports it names a few. A method of an import
// is made when a call needs it, from its type (onDemand). The package
// initializer is built bare (ssa.BareInits): it does not call the
// imports' initializers, which the engine never followed (their effects
// reach it as package facts, index.mergeUpstream).
func buildSSA(pass *analysis.Pass, tests bool) (*ssa.Package, []*ssa.Function) {
	prog := ssa.NewProgram(pass.Fset, ssa.BareInits)
	for _, m := range membersUsed(pass) {
		file, info := declarations(m.objs)
		prog.CreatePackage(m.pkg, []*ast.File{file}, info, true)
	}
	pkg := prog.CreatePackage(pass.Pkg, pass.Files, pass.TypesInfo, false)
	pkg.Build()
	var funcs []*ssa.Function
	var add func(fn *ssa.Function)
	add = func(fn *ssa.Function) {
		funcs = append(funcs, fn)
		for _, anon := range fn.AnonFuncs {
			add(anon)
		}
	}
	for _, f := range pass.Files {
		if !tests && strings.HasSuffix(pass.Fset.File(f.FileStart).Name(), "_test.go") {
			continue
		}
		for _, decl := range f.Decls {
			fd, ok := decl.(*ast.FuncDecl)
			if !ok {
				continue
			}
			obj, ok := pass.TypesInfo.Defs[fd.Name].(*types.Func)
			if !ok {
				continue
			}
			if fn := prog.FuncValue(obj); fn != nil {
				add(fn)
			}
		}
	}
	if init := pkg.Func("init"); init != nil {
		add(init)
	}
	return pkg, funcs
}

// imported is an import of the package with the package-level
// functions and variables the package names of it, sorted by name.
type imported struct {
	pkg  *types.Package
	objs []types.Object
}

// membersUsed returns the imports of the package whose package-level
// functions or variables it names, in import order, each with those it
// names: the members SSA must have to refer to them.
func membersUsed(pass *analysis.Pass) []imported {
	used := map[*types.Package][]types.Object{}
	seen := map[types.Object]bool{}
	for _, obj := range pass.TypesInfo.Uses {
		p := obj.Pkg()
		if p == nil || p == pass.Pkg || seen[obj] || obj.Parent() != p.Scope() {
			continue // not package-level (a method, a field, a local), or seen
		}
		switch obj.(type) {
		case *types.Func, *types.Var:
			seen[obj] = true
			used[p] = append(used[p], obj)
		}
	}
	var out []imported
	for _, p := range pass.Pkg.Imports() {
		if objs := used[p]; objs != nil {
			slices.SortFunc(objs, func(a, b types.Object) int { return cmp.Compare(a.Name(), b.Name()) })
			out = append(out, imported{p, objs})
		}
	}
	return out
}

// declarations returns a file that declares objs, functions without a
// body and variables without a value, and the type information that
// defines its names as objs: to ssa.Program.CreatePackage, the source
// of a package with only those members, each a declared function or
// variable as SSA makes it from the package's own syntax, never built
// (it has no body; the engine reads an import's functions from facts).
func declarations(objs []types.Object) (*ast.File, *types.Info) {
	file := &ast.File{Name: ast.NewIdent("_")}
	info := &types.Info{Defs: make(map[*ast.Ident]types.Object, len(objs))}
	for _, obj := range objs {
		id := ast.NewIdent(obj.Name())
		info.Defs[id] = obj
		switch obj.(type) {
		case *types.Func:
			file.Decls = append(file.Decls, &ast.FuncDecl{Name: id, Type: &ast.FuncType{Params: &ast.FieldList{}}})
		case *types.Var:
			file.Decls = append(file.Decls, &ast.GenDecl{Tok: token.VAR, Specs: []ast.Spec{&ast.ValueSpec{Names: []*ast.Ident{id}}}})
		}
	}
	return file, info
}
