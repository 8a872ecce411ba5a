package rootflow

import (
	"go/ast"
	"go/types"
	"path/filepath"
	"strings"
	"testing"

	"golang.org/x/tools/go/packages"
)

// coreTypes are the engine's own types: what a rule may not name, hold or
// call a method of. It sees the engine only through ruleContext.
var coreTypes = []string{"engine", "index", "answers", "evaluator", "requirements", "sinkValues", "hooks", "ruleView"}

// The bounds of the core's size (the engine's own methods) and of the
// surface its rules may use.
const (
	maxEngineMethods = 80
	maxSurface       = 30
)

// TestRuleSurface checks the boundary between the core and its rules with
// go/types: a rule file (rule_NAME.go) names no core type, holds no value
// of one, selects no field or method of one and declares no method on
// one, so everything it uses of the engine is a method of ruleContext (or
// a plain function of data); the surface and the engine stay small.
func TestRuleSurface(t *testing.T) {
	cfg := &packages.Config{Mode: packages.NeedName | packages.NeedFiles | packages.NeedSyntax | packages.NeedTypes | packages.NeedTypesInfo}
	pkgs, err := packages.Load(cfg, ".")
	if err != nil || len(pkgs) != 1 || len(pkgs[0].Errors) > 0 {
		t.Fatalf("load the package: %v %v", err, pkgs)
	}
	p := pkgs[0]
	scope := p.Types.Scope()
	core := map[types.Type]string{}
	coreFields := map[*types.Var]string{}
	for _, name := range coreTypes {
		tn, ok := scope.Lookup(name).(*types.TypeName)
		if !ok {
			t.Fatalf("core type %s not found; keep coreTypes current", name)
		}
		core[tn.Type()] = name
		if st, ok := tn.Type().Underlying().(*types.Struct); ok {
			for i := range st.NumFields() {
				coreFields[st.Field(i)] = name
			}
		}
	}
	mentionsCore := func(typ types.Type) string {
		for {
			switch u := typ.(type) {
			case *types.Pointer:
				typ = u.Elem()
				continue
			case *types.Slice:
				typ = u.Elem()
				continue
			case *types.Map:
				typ = u.Elem()
				continue
			}
			return core[typ]
		}
	}
	ruleFiles := 0
	for _, f := range p.Syntax {
		file := filepath.Base(p.Fset.Position(f.Pos()).Filename)
		if !strings.HasPrefix(file, "rule_") {
			continue
		}
		ruleFiles++
		ast.Inspect(f, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.Ident:
				obj := p.TypesInfo.ObjectOf(n)
				if obj == nil {
					return true
				}
				if tn, ok := obj.(*types.TypeName); ok && core[tn.Type()] != "" {
					t.Errorf("%s: names the core type %s; use ruleContext", p.Fset.Position(n.Pos()), tn.Name())
				}
				if v, ok := obj.(*types.Var); ok {
					if name := mentionsCore(v.Type()); name != "" {
						t.Errorf("%s: %s holds the core type %s; use ruleContext", p.Fset.Position(n.Pos()), n.Name, name)
					}
				}
			case *ast.SelectorExpr:
				sel := p.TypesInfo.Selections[n]
				if sel == nil {
					return true
				}
				if owner := coreFields[selVar(sel.Obj())]; owner != "" {
					t.Errorf("%s: reads %s's field %s; ask ruleContext", p.Fset.Position(n.Pos()), owner, n.Sel.Name)
				}
				if name := mentionsCore(sel.Recv()); name != "" {
					t.Errorf("%s: calls %s.%s, outside ruleContext", p.Fset.Position(n.Pos()), name, n.Sel.Name)
				}
			case ast.Expr:
				if tv, ok := p.TypesInfo.Types[n]; ok && tv.Type != nil {
					if name := mentionsCore(tv.Type); name != "" {
						t.Errorf("%s: a value of the core type %s; use ruleContext", p.Fset.Position(n.Pos()), name)
					}
				}
			}
			return true
		})
	}
	if ruleFiles < len(rules) {
		t.Errorf("found %d rule files for %d rules", ruleFiles, len(rules))
	}
	surface := types.NewMethodSet(scope.Lookup("ruleContext").Type())
	if surface.Len() > maxSurface {
		t.Errorf("ruleContext has %d methods; at most %d: a rule's helper is the rule's own", surface.Len(), maxSurface)
	}
	engine := scope.Lookup("engine").Type().(*types.Named)
	if engine.NumMethods() > maxEngineMethods {
		t.Errorf("*engine declares %d methods; at most %d: give a helper to the component whose state it reads", engine.NumMethods(), maxEngineMethods)
	}
	t.Logf("ruleContext: %d methods; *engine: %d methods of its own", surface.Len(), engine.NumMethods())
}

// selVar is obj as a field, or nil.
func selVar(obj types.Object) *types.Var {
	v, _ := obj.(*types.Var)
	return v
}
