package probe

import (
	"fmt"
	"go/ast"
	"go/token"
	"slices"

	"github.com/staterootlint/staterootlint/analyzers/internal/report"
	"github.com/staterootlint/staterootlint/internal/driver"
)

// This file finds a program's finders: a function that searches
// directories (the working directory and its parents, most often) for a
// file and returns the one it finds that exists ("the project's
// .app.toml"). The file it returns is one the user keeps: a write of it
// (a touch, an edit the user asked for) is the user's path, which the
// configuration declares with the kind user. The engine sees no such
// thing: the finder is unexported as often as not (no facts) and the path
// it returns starts at the working directory.
//
// The shape is syntax: in a loop, a path joined (filepath.Join) is
// returned when it exists, as os.Stat or os.Lstat says (err == nil), or a
// helper of the package that calls one of them. A function that returns
// a name when it does not exist yet (a fresh backup name) is no finder:
// the program creates that file. Unsound where a finder's result is a
// directory the program then writes its own state below: a finder whose
// result a call in its package joins below or takes the directory of is
// not proposed, but a callee in another function or package doing so is
// not seen. What a finder removes is what the run with the whole
// proposal removes in its package that no other entry accounts for
// (propose.go).

// finders makes a candidate of every finder of the main module's
// analyzed packages, with Below set where a call in its package uses
// what it returns as a directory (a join or Dir of it: state kept beside
// the found file). A function already a candidate as a resolver stays
// one.
func (g *gatherer) finders() {
	helpers := map[*ast.File]map[string]bool{}
	g.pathFuncs(func(pf *driver.PackageFacts, f *ast.File, fd *ast.FuncDecl) {
		if fd.Recv != nil {
			return
		}
		h, ok := helpers[f]
		if !ok {
			h = statHelpers(f)
			helpers[f] = h
		}
		if !findsExisting(fd, h) {
			return
		}
		if c := g.byName[pf.Path+"."+fd.Name.Name]; c != nil && (len(c.Home) > 0 || len(c.Env) > 0 || c.Repo) {
			return
		}
		c := g.funcCandidate(pf, fd, "finder")
		c.Shape, c.User, c.Finder, c.StateDir = "finder", true, true, ""
		c.Below = usedAs(g, g.dir(pf.Dir), fd.Name.Name, "Join", "Dir")
	})
}

// usedAs returns where a call of the package function name in files has
// its result given as the first argument to a call of a function or
// method named one of sels (Join, Dir: taken as a directory, or as a
// file whose directory is wanted), directly or through a variable it is
// assigned to in the same function (one of several results too); ""
// when nowhere.
func usedAs(g *gatherer, files []*ast.File, name string, sels ...string) string {
	isCall := func(e ast.Expr) bool {
		call, ok := e.(*ast.CallExpr)
		return ok && isIdent(call.Fun, name)
	}
	for _, f := range files {
		for _, d := range f.Decls {
			fd, ok := d.(*ast.FuncDecl)
			if !ok || fd.Body == nil {
				continue
			}
			vars := map[string]bool{}
			ast.Inspect(fd.Body, func(n ast.Node) bool {
				as, ok := n.(*ast.AssignStmt)
				switch {
				case ok && len(as.Lhs) == len(as.Rhs):
					for i, r := range as.Rhs {
						if id, ok := as.Lhs[i].(*ast.Ident); ok && isCall(r) {
							vars[id.Name] = true
						}
					}
				case ok && len(as.Rhs) == 1 && isCall(as.Rhs[0]):
					for _, l := range as.Lhs {
						if id, ok := l.(*ast.Ident); ok && id.Name != "_" {
							vars[id.Name] = true
						}
					}
				}
				return true
			})
			at := ""
			ast.Inspect(fd.Body, func(n ast.Node) bool {
				call, ok := n.(*ast.CallExpr)
				sel, ok2 := call2sel(call, ok)
				if !ok2 || len(call.Args) == 0 || !slices.Contains(sels, sel) {
					return at == ""
				}
				if a := call.Args[0]; isCall(a) || isIdentIn(a, vars) {
					at = g.pos(call)
				}
				return at == ""
			})
			if at != "" {
				return at
			}
		}
	}
	return ""
}

// call2sel returns the selected name of call's function (Join of
// filepath.Join).
func call2sel(call *ast.CallExpr, ok bool) (string, bool) {
	if !ok {
		return "", false
	}
	sel, ok := call.Fun.(*ast.SelectorExpr)
	if !ok {
		return "", false
	}
	return sel.Sel.Name, true
}

// isIdentIn reports whether e is one of the variables in vars.
func isIdentIn(e ast.Expr, vars map[string]bool) bool {
	id, ok := e.(*ast.Ident)
	return ok && vars[id.Name]
}

// pos renders a node's position "file.go:12".
func (g *gatherer) pos(n ast.Node) string {
	p := g.fset.Position(n.Pos())
	return fmt.Sprintf("%s:%d", report.ModuleRelative(p.Filename), p.Line)
}

// statHelpers returns the functions of f whose body calls a Stat or
// Lstat method or function: existence checks ("exists(p)").
func statHelpers(f *ast.File) map[string]bool {
	out := map[string]bool{}
	for _, d := range f.Decls {
		fd, ok := d.(*ast.FuncDecl)
		if !ok || fd.Recv != nil || fd.Body == nil {
			continue
		}
		ast.Inspect(fd.Body, func(n ast.Node) bool {
			if call, ok := n.(*ast.CallExpr); ok && isStat(call) {
				out[fd.Name.Name] = true
			}
			return !out[fd.Name.Name]
		})
	}
	return out
}

// isStat reports whether call is a call of a function or method named
// Stat or Lstat.
func isStat(call *ast.CallExpr) bool {
	sel, ok := call.Fun.(*ast.SelectorExpr)
	return ok && (sel.Sel.Name == "Stat" || sel.Sel.Name == "Lstat")
}

// findsExisting reports whether d, in a loop, returns a path it joined
// when that path exists.
func findsExisting(d *ast.FuncDecl, helpers map[string]bool) bool {
	return someLoop(d.Body, func(body *ast.BlockStmt) bool {
		joined := map[string]bool{}
		found := false
		ast.Inspect(body, func(n ast.Node) bool {
			if as, ok := n.(*ast.AssignStmt); ok && len(as.Lhs) == 1 && len(as.Rhs) == 1 {
				if id, ok := as.Lhs[0].(*ast.Ident); ok {
					if call, ok := as.Rhs[0].(*ast.CallExpr); ok {
						if sel, ok := call.Fun.(*ast.SelectorExpr); ok && sel.Sel.Name == "Join" {
							joined[id.Name] = true
						}
					}
				}
			}
			if s, ok := n.(*ast.IfStmt); ok {
				for p := range joined {
					if existsCheck(s, p, helpers) && returnsIdent(s.Body, p) {
						found = true
					}
				}
			}
			return !found
		})
		return found
	})
}

// someLoop reports whether holds is true of the body of a for or range
// loop in root (nested loops included), stopping at the first.
func someLoop(root ast.Node, holds func(body *ast.BlockStmt) bool) bool {
	found := false
	ast.Inspect(root, func(n ast.Node) bool {
		switch l := n.(type) {
		case *ast.ForStmt:
			found = holds(l.Body)
		case *ast.RangeStmt:
			found = holds(l.Body)
		}
		return !found
	})
	return found
}

// existsCheck reports whether if statement s tests that the path in
// variable p exists: `if helper(p)` or `if _, err := os.Stat(p); err == nil`.
func existsCheck(s *ast.IfStmt, p string, helpers map[string]bool) bool {
	if call, ok := s.Cond.(*ast.CallExpr); ok {
		if id, ok := call.Fun.(*ast.Ident); ok && helpers[id.Name] && hasIdentArg(call, p) {
			return true
		}
	}
	as, ok := s.Init.(*ast.AssignStmt)
	if !ok || len(as.Rhs) != 1 || len(as.Lhs) != 2 {
		return false
	}
	call, ok := as.Rhs[0].(*ast.CallExpr)
	if !ok || !isStat(call) || !hasIdentArg(call, p) {
		return false
	}
	errID, ok := as.Lhs[1].(*ast.Ident)
	cond, ok2 := s.Cond.(*ast.BinaryExpr)
	return ok && ok2 && cond.Op == token.EQL && isIdent(cond.X, errID.Name) && isIdent(cond.Y, "nil")
}

// hasIdentArg reports whether one of call's arguments is the variable p.
func hasIdentArg(call *ast.CallExpr, p string) bool {
	for _, a := range call.Args {
		if isIdent(a, p) {
			return true
		}
	}
	return false
}

// returnsIdent reports whether body returns the variable p.
func returnsIdent(body *ast.BlockStmt, p string) bool {
	for _, st := range body.List {
		if ret, ok := st.(*ast.ReturnStmt); ok {
			for _, r := range ret.Results {
				if isIdent(r, p) {
					return true
				}
			}
		}
	}
	return false
}
