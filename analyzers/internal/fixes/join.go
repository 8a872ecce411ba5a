package fixes

import (
	"go/ast"
	"go/token"
	"go/types"
	"strconv"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/staterootlint/staterootlint/analyzers/internal/rootflow"
)

// Join returns the fix of adhocroot's finding on a join built on a
// home-like base (o says which): `return filepath.Join(home, ".px"), nil`
// becomes `return stateroots.GlobalStateRoot("px")` where the file
// imports stateroots; any other join of the base with the state dir gets
// the root rewrite (Write). home says the base is the home directory
// itself.
func (fx *Fixer) Join(call *ast.CallExpr, o rootflow.Origin, home bool) ([]analysis.SuggestedFix, string) {
	file, stack := fx.enclosing(call.Lparen)
	if file == nil || !fx.isJoin(call) || len(call.Args) < 2 {
		return nil, ""
	}
	s, ok := constString(fx.pass.TypesInfo, call.Args[1])
	if first, _, _ := strings.Cut(s, "/"); !ok || !fx.isStateDir(first, home) {
		return nil, "the path is not below the state dir " + fx.stateDirName() + "; " + notStateDir
	}
	if fix, ok := fx.returnRoot(file, stack, call, home); ok {
		return []analysis.SuggestedFix{fix}, ""
	}
	fn := enclosingFunc(stack)
	if fn == nil {
		return nil, "the path is built outside a function"
	}
	fix, why := fx.rewriteJoin(file, fn, call, o)
	if fix == nil {
		return nil, string(why)
	}
	return []analysis.SuggestedFix{*fix}, ""
}

// AttachJoin attaches to d, adhocroot's finding on call, its fix (Join),
// or why it has none.
func (fx *Fixer) AttachJoin(d *analysis.Diagnostic, call *ast.CallExpr, o rootflow.Origin, home bool) {
	fixes, why := fx.Join(call, o, home)
	Attach(d, fixes, why)
}

// returnRoot returns the fix replacing `return filepath.Join(home,
// ".<app>"), nil` with `return stateroots.GlobalStateRoot("<app>")`, or
// false where that is not known to mean the same root and to compile: the
// join must be of the home directory itself and a configured state dir
// alone, sit in a return of a (string, error)-compatible function beside
// a nil error, the file must import stateroots, and nothing the join used
// may be left unused.
func (fx *Fixer) returnRoot(file *ast.File, stack []ast.Node, call *ast.CallExpr, home bool) (analysis.SuggestedFix, bool) {
	info := fx.pass.TypesInfo
	if !home || len(call.Args) != 2 {
		return analysis.SuggestedFix{}, false
	}
	elem, _ := constString(info, call.Args[1])
	app, ok := strings.CutPrefix(elem, ".")
	if !ok || app == "" {
		return analysis.SuggestedFix{}, false
	}
	// GlobalStateRoot has two results, so only `return join, nil` in a
	// function with matching results can take it as is.
	var ret *ast.ReturnStmt
	for i, n := range stack {
		if n == call && i+1 < len(stack) {
			ret, _ = stack[i+1].(*ast.ReturnStmt)
			break
		}
	}
	if ret == nil || len(ret.Results) != 2 || ret.Results[0] != call || !info.Types[ret.Results[1]].IsNil() {
		return analysis.SuggestedFix{}, false
	}
	fn := enclosingFunc(stack)
	if fn == nil {
		return analysis.SuggestedFix{}, false
	}
	var sig *types.Signature
	switch n := fn.node.(type) {
	case *ast.FuncDecl:
		if f, ok := info.Defs[n.Name].(*types.Func); ok {
			sig = f.Signature()
		}
	case *ast.FuncLit:
		sig, _ = info.TypeOf(n).(*types.Signature)
	}
	if sig == nil || sig.Results().Len() != 2 ||
		!types.AssignableTo(types.Typ[types.String], sig.Results().At(0).Type()) ||
		!types.AssignableTo(types.Universe.Lookup("error").Type(), sig.Results().At(1).Type()) {
		return analysis.SuggestedFix{}, false
	}
	qual, ok := fx.staterootsQualifier(file, ret.Pos())
	if !ok {
		return analysis.SuggestedFix{}, false
	}
	replacement := qual + "GlobalStateRoot(" + strconv.Quote(app) + ")"
	p := fx.newPlan(file, fn)
	p.replace(ret.Results[0].Pos(), ret.Results[1].End(), replacement)
	fx.index()
	// Nothing the join read may be left unused.
	left := true
	ast.Inspect(call, func(n ast.Node) bool {
		if id, ok := n.(*ast.Ident); ok {
			if v, ok := info.Uses[id].(*types.Var); ok && v.Parent() != fx.pass.Pkg.Scope() && !v.IsField() && !fx.params[v] && !p.readOutside(v) {
				left = false
			}
		}
		return left
	})
	if !left || !p.importEdits() {
		return analysis.SuggestedFix{}, false
	}
	return analysis.SuggestedFix{Message: "Replace with " + replacement, TextEdits: p.edits}, true
}

// staterootsQualifier returns how file, at pos, names the stateroots
// package ("stateroots.", "sr.", or "" for a dot import), if it imports
// it and its GlobalStateRoot takes one string and returns (string, error).
func (fx *Fixer) staterootsQualifier(file *ast.File, pos token.Pos) (string, bool) {
	info := fx.pass.TypesInfo
	for _, spec := range file.Imports {
		if path, _ := strconv.Unquote(spec.Path.Value); path != StaterootsPath {
			continue
		}
		pn := info.PkgNameOf(spec)
		if pn == nil {
			return "", false
		}
		fn, ok := pn.Imported().Scope().Lookup("GlobalStateRoot").(*types.Func)
		if !ok || !appAuthority(fn.Signature()) {
			return "", false
		}
		scope := fx.pass.Pkg.Scope().Innermost(pos)
		if scope == nil {
			return "", false
		}
		switch pn.Name() {
		case "_":
			return "", false
		case ".":
			_, obj := scope.LookupParent(fn.Name(), pos)
			return "", obj == fn
		default:
			_, obj := scope.LookupParent(pn.Name(), pos)
			return pn.Name() + ".", obj == pn
		}
	}
	return "", false
}
