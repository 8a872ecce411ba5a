package adhocroot

import (
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"strings"

	"golang.org/x/tools/go/ast/inspector"
	"golang.org/x/tools/go/types/typeutil"
)

// Tilde expansion. filepath.Join(home, p[2:]) where p is known to start
// with "~" resolves a path the user wrote ("~/notes", in a flag or a
// config file) against the home directory: it is the user's path, not a
// state root the program builds by hand. The join's element must be the
// rest of a non-constant value (p[1:], p[2:], strings.TrimPrefix(p, "~")
// or "~/"), and p must be tested with strings.HasPrefix(p, "~...") on
// the way to the join: in the condition of an if whose body holds it (as
// the condition or one of its && operands), or in an earlier if of an
// enclosing block that leaves when the test fails (if !HasPrefix(p, "~")
// { return p }, also as one of its || operands). A "~/.myapp" the
// program spells itself is a constant and stays reported.

// tildeRest returns the value whose tilde the join's element strips, or
// nil when the element is not the rest of a value after its "~".
func (c *checker) tildeRest(call *ast.CallExpr) ast.Expr {
	if len(call.Args) != 2 {
		return nil
	}
	info := c.pass.TypesInfo
	var x ast.Expr
	switch e := ast.Unparen(call.Args[1]).(type) {
	case *ast.SliceExpr:
		if e.High != nil || e.Low == nil {
			return nil
		}
		if tv := info.Types[e.Low]; tv.Value == nil || tv.Value.Kind() != constant.Int {
			return nil
		} else if n, _ := constant.Int64Val(tv.Value); n != 1 && n != 2 {
			return nil
		}
		x = e.X
	case *ast.CallExpr:
		if !c.isStringsFunc(e, "TrimPrefix") || len(e.Args) != 2 {
			return nil
		}
		if s, ok := constString(info, e.Args[1]); !ok || (s != "~" && s != "~/") {
			return nil
		}
		x = e.Args[0]
	default:
		return nil
	}
	if tv := info.Types[x]; tv.Value != nil || !isString(tv.Type) {
		return nil // a constant: the program's own "~/..."
	}
	return x
}

// tildeExpansion reports whether the join at cur is the expansion of a
// value tested to start with "~".
func (c *checker) tildeExpansion(cur inspector.Cursor, call *ast.CallExpr) bool {
	x := c.tildeRest(call)
	if x == nil {
		return false
	}
	name := types.ExprString(x)
	child := cur.Node()
	for anc := range cur.Enclosing() {
		switch n := anc.Node().(type) {
		case *ast.IfStmt:
			if n.Body == child && c.implies(n.Cond, name, token.LAND, false) {
				return true
			}
		case *ast.BlockStmt:
			for _, stmt := range n.List {
				if stmt.Pos() >= child.Pos() {
					break
				}
				if g, ok := stmt.(*ast.IfStmt); ok && g.Else == nil && leaves(g.Body) && c.implies(g.Cond, name, token.LOR, true) {
					return true
				}
			}
		case *ast.FuncDecl, *ast.FuncLit:
			return false
		}
		child = anc.Node()
	}
	return false
}

// implies reports whether cond holds strings.HasPrefix(name, "~...")
// (negated when negated is set) as itself or one of the operands of op.
func (c *checker) implies(cond ast.Expr, name string, op token.Token, negated bool) bool {
	cond = ast.Unparen(cond)
	if b, ok := cond.(*ast.BinaryExpr); ok && b.Op == op {
		return c.implies(b.X, name, op, negated) || c.implies(b.Y, name, op, negated)
	}
	if negated {
		u, ok := cond.(*ast.UnaryExpr)
		if !ok || u.Op != token.NOT {
			return false
		}
		cond = ast.Unparen(u.X)
	}
	call, ok := cond.(*ast.CallExpr)
	if !ok || !c.isStringsFunc(call, "HasPrefix") || len(call.Args) != 2 {
		return false
	}
	prefix, ok := constString(c.pass.TypesInfo, call.Args[1])
	return ok && strings.HasPrefix(prefix, "~") && types.ExprString(call.Args[0]) == name
}

// isStringsFunc reports whether call calls strings.name.
func (c *checker) isStringsFunc(call *ast.CallExpr, name string) bool {
	return funcKey(typeutil.StaticCallee(c.pass.TypesInfo, call)) == "strings."+name
}

// leaves reports whether a block ends by leaving its function or loop.
func leaves(b *ast.BlockStmt) bool {
	if len(b.List) == 0 {
		return false
	}
	switch s := b.List[len(b.List)-1].(type) {
	case *ast.ReturnStmt:
		return true
	case *ast.BranchStmt:
		return s.Tok == token.CONTINUE || s.Tok == token.BREAK
	case *ast.ExprStmt:
		if call, ok := s.X.(*ast.CallExpr); ok {
			id, isIdent := ast.Unparen(call.Fun).(*ast.Ident)
			return isIdent && id.Name == "panic"
		}
	}
	return false
}
