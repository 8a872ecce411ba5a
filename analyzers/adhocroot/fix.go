package adhocroot

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"slices"
	"strconv"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ast/inspector"
)

// fix returns the fix replacing `return filepath.Join(home, ".<app>"), nil`
// with `return stateroots.GlobalStateRoot("<app>")`, or false where that is
// not known to mean the same root and to compile: the join must be of the
// home directory itself and a configured state dir, sit in a return of a
// (string, error)-compatible function beside a nil error, the file must
// import stateroots, and nothing the join used may be left unused.
func (c *checker) fix(cur inspector.Cursor, call *ast.CallExpr, src *source) (analysis.SuggestedFix, bool) {
	info := c.pass.TypesInfo
	if !src.home || len(call.Args) != 2 {
		return analysis.SuggestedFix{}, false
	}
	elem, ok := constString(info, call.Args[1])
	if !ok || !slices.Contains(c.stateDir, elem) {
		return analysis.SuggestedFix{}, false
	}
	app, ok := strings.CutPrefix(elem, ".")
	if !ok || app == "" {
		return analysis.SuggestedFix{}, false
	}

	// GlobalStateRoot has two results, so only `return join, nil` in a
	// function with matching results can take it as is.
	ret, ok := cur.Parent().Node().(*ast.ReturnStmt)
	if !ok || len(ret.Results) != 2 || ret.Results[0] != call || !info.Types[ret.Results[1]].IsNil() {
		return analysis.SuggestedFix{}, false
	}
	var sig *types.Signature
	for fc := range cur.Enclosing((*ast.FuncDecl)(nil), (*ast.FuncLit)(nil)) {
		switch f := fc.Node().(type) {
		case *ast.FuncDecl:
			if fn, ok := info.Defs[f.Name].(*types.Func); ok {
				sig = fn.Signature()
			}
		case *ast.FuncLit:
			sig, _ = info.TypeOf(f).(*types.Signature)
		}
		break
	}
	errorType := types.Universe.Lookup("error").Type()
	if sig == nil || sig.Results().Len() != 2 ||
		!types.AssignableTo(types.Typ[types.String], sig.Results().At(0).Type()) ||
		!types.AssignableTo(errorType, sig.Results().At(1).Type()) {
		return analysis.SuggestedFix{}, false
	}

	var file *ast.File
	for fc := range cur.Enclosing((*ast.File)(nil)) {
		file = fc.Node().(*ast.File)
	}
	if file == nil {
		return analysis.SuggestedFix{}, false
	}
	qual, ok := c.authorityQualifier(file, ret.Pos())
	if !ok {
		return analysis.SuggestedFix{}, false
	}
	replacement := fmt.Sprintf("%sGlobalStateRoot(%s)", qual, strconv.Quote(app))
	edits := []analysis.TextEdit{{Pos: ret.Results[0].Pos(), End: ret.Results[1].End(), NewText: []byte(replacement)}}
	more, ok := c.leftUsed(file, call)
	if !ok {
		return analysis.SuggestedFix{}, false
	}
	return analysis.SuggestedFix{
		Message:   "Replace with " + replacement,
		TextEdits: append(edits, more...),
	}, true
}

// authorityQualifier returns how file, at pos, names the stateroots package
// ("stateroots.", "sr.", or "" for a dot import), if it imports it and its
// GlobalStateRoot takes one string and returns (string, error).
func (c *checker) authorityQualifier(file *ast.File, pos token.Pos) (string, bool) {
	info := c.pass.TypesInfo
	for _, spec := range file.Imports {
		if path, _ := strconv.Unquote(spec.Path.Value); path != staterootsPath {
			continue
		}
		pn := info.PkgNameOf(spec)
		if pn == nil {
			return "", false
		}
		fn, ok := pn.Imported().Scope().Lookup("GlobalStateRoot").(*types.Func)
		if !ok || !takesAppReturnsRoot(fn.Signature()) {
			return "", false
		}
		scope := c.pass.Pkg.Scope().Innermost(pos)
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
			return pn.Name() + ".", obj == pn // not shadowed at pos
		}
	}
	return "", false
}

// takesAppReturnsRoot reports whether sig can be called with one string
// and returns (string, error).
func takesAppReturnsRoot(sig *types.Signature) bool {
	params, results := sig.Params(), sig.Results()
	if params.Len() == 0 || params.Len() > 2 || (params.Len() == 2 && !sig.Variadic()) ||
		!types.Identical(params.At(0).Type(), types.Typ[types.String]) {
		return false
	}
	return results.Len() == 2 &&
		types.Identical(results.At(0).Type(), types.Typ[types.String]) &&
		types.Identical(results.At(1).Type(), types.Universe.Lookup("error").Type())
}

// leftUsed checks that removing call leaves every local variable it reads
// still read elsewhere (Go rejects a declared and unused variable). It
// returns the edits deleting the imports whose last use goes with it.
func (c *checker) leftUsed(file *ast.File, call *ast.CallExpr) ([]analysis.TextEdit, bool) {
	c.indexUses()
	info := c.pass.TypesInfo
	outside := func(ids []*ast.Ident) bool {
		for _, id := range ids {
			if id.Pos() < call.Pos() || id.Pos() >= call.End() {
				return true
			}
		}
		return false
	}
	var edits []analysis.TextEdit
	var dropped []*types.PkgName
	ok := true
	ast.Inspect(call, func(n ast.Node) bool {
		id, isIdent := n.(*ast.Ident)
		if !isIdent || !ok {
			return ok
		}
		switch obj := info.Uses[id].(type) {
		case *types.Var:
			local := obj.Parent() != nil && obj.Parent() != c.pass.Pkg.Scope()
			if local && !obj.IsField() && !c.params[obj] && !outside(c.reads[obj]) {
				ok = false
			}
		case *types.PkgName:
			if !outside(c.pkgUse[obj]) && !slices.Contains(dropped, obj) {
				dropped = append(dropped, obj)
				edit, found := c.deleteImport(file, obj)
				if !found {
					ok = false
				}
				edits = append(edits, edit)
			}
		}
		return ok
	})
	return edits, ok
}

// indexUses computes, once per pass, the reads of every variable, the
// parameters and results of every function, and the uses of every import.
func (c *checker) indexUses() {
	if c.reads != nil {
		return
	}
	info := c.pass.TypesInfo
	c.reads = make(map[*types.Var][]*ast.Ident)
	c.params = make(map[*types.Var]bool)
	c.pkgUse = make(map[*types.PkgName][]*ast.Ident)
	written := make(map[*ast.Ident]bool) // assigned, which is not a use
	for _, f := range c.pass.Files {
		ast.Inspect(f, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.AssignStmt:
				for _, l := range n.Lhs {
					if id, ok := ast.Unparen(l).(*ast.Ident); ok {
						written[id] = true
					}
				}
			case *ast.IncDecStmt:
				if id, ok := ast.Unparen(n.X).(*ast.Ident); ok {
					written[id] = true
				}
			case *ast.FuncType:
				for _, fl := range []*ast.FieldList{n.Params, n.Results} {
					if fl == nil {
						continue
					}
					for _, field := range fl.List {
						for _, name := range field.Names {
							if v, ok := info.Defs[name].(*types.Var); ok {
								c.params[v] = true
							}
						}
					}
				}
			}
			return true
		})
	}
	for id, obj := range info.Uses {
		switch obj := obj.(type) {
		case *types.Var:
			if !written[id] {
				c.reads[obj] = append(c.reads[obj], id)
			}
		case *types.PkgName:
			c.pkgUse[obj] = append(c.pkgUse[obj], id)
		}
	}
}

// deleteImport returns the edit deleting the import of pn from file: its
// line in a group, or the whole declaration if it is the only one.
func (c *checker) deleteImport(file *ast.File, pn *types.PkgName) (analysis.TextEdit, bool) {
	for _, decl := range file.Decls {
		gd, ok := decl.(*ast.GenDecl)
		if !ok || gd.Tok != token.IMPORT {
			continue
		}
		for _, spec := range gd.Specs {
			is := spec.(*ast.ImportSpec)
			if c.pass.TypesInfo.PkgNameOf(is) != pn {
				continue
			}
			tf := c.pass.Fset.File(is.Pos())
			if gd.Lparen.IsValid() && len(gd.Specs) > 1 {
				return lines(tf, is.Pos(), is.End()), true
			}
			return lines(tf, gd.Pos(), gd.End()), true
		}
	}
	return analysis.TextEdit{}, false
}

// lines returns the edit deleting the whole lines from pos to end.
func lines(tf *token.File, pos, end token.Pos) analysis.TextEdit {
	start := tf.LineStart(tf.Line(pos))
	last := tf.Line(end)
	stop := token.Pos(tf.Base() + tf.Size())
	if last < tf.LineCount() {
		stop = tf.LineStart(last + 1)
	}
	return analysis.TextEdit{Pos: start, End: stop}
}
