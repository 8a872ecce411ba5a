package rootflow

import (
	"go/ast"
	"go/types"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"
)

// buildSSA builds the package's SSA, as buildssa does, but privately: the
// engine's result keeps no SSA, so each package's SSA is garbage once the
// engine has run on it, instead of living as long as the driver does.
// It returns the package and its source functions (with their anonymous
// functions) plus the synthetic init that runs package-level initializers.
//
// Of its imports, only those whose package-level functions or variables
// the package names are created in the program (ssa.Program.CreatePackage
// makes a function of every function and method an import declares: a
// Kubernetes API package has thousands, most packages that import it use
// its types). A method of an import that is not created is made when a
// call needs it, from its type (onDemand). The package initializer is
// built bare (ssa.BareInits): it does not call the imports' initializers,
// which the engine never followed (their effects reach it as package
// facts, upstream.go).
func buildSSA(pass *analysis.Pass) (*ssa.Package, []*ssa.Function) {
	prog := ssa.NewProgram(pass.Fset, ssa.BareInits)
	for _, p := range membersUsed(pass) {
		prog.CreatePackage(p, nil, nil, true)
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

// onDemand is the provenance (ssa.Function.Synthetic) of a function SSA
// makes from a declared method's type, when the method's package was not
// created: a declared function all the same (funcKey).
const onDemand = "from type information (on demand)"

// membersUsed returns the imports of the package whose package-level
// functions or variables it names, in import order: the ones SSA must
// have created to refer to them.
func membersUsed(pass *analysis.Pass) []*types.Package {
	used := map[*types.Package]bool{}
	for _, obj := range pass.TypesInfo.Uses {
		p := obj.Pkg()
		if p == nil || p == pass.Pkg || used[p] || obj.Parent() != p.Scope() {
			continue // not package-level (a method, a field, a local), or seen
		}
		switch obj.(type) {
		case *types.Func, *types.Var:
			used[p] = true
		}
	}
	var out []*types.Package
	for _, p := range pass.Pkg.Imports() {
		if used[p] {
			out = append(out, p)
		}
	}
	return out
}

// returns lists fn's return instructions, one per block that ends in one
// (the recover block's among them: callers that must not see what a
// deferred recover left skip ret.Block() == fn.Recover).
func returns(fn *ssa.Function) []*ssa.Return {
	var out []*ssa.Return
	for _, b := range fn.Blocks {
		if ret, ok := b.Instrs[len(b.Instrs)-1].(*ssa.Return); ok {
			out = append(out, ret)
		}
	}
	return out
}

// unconvert strips the conversions that keep a value's origins.
func unconvert(v ssa.Value) ssa.Value {
	for {
		switch c := v.(type) {
		case *ssa.ChangeType:
			v = c.X
		case *ssa.Convert:
			v = c.X
		case *ssa.MakeInterface:
			v = c.X
		default:
			return v
		}
	}
}
