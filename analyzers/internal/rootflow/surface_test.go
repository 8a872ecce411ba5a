package rootflow

import (
	"go/types"
	"testing"

	"golang.org/x/tools/go/packages"
)

// The bounds of the core's size (the engine's own methods) and of the
// surface its rules may use (hook.Context).
const (
	maxEngineMethods = 80
	maxSurface       = 30
)

// TestRuleSurface checks what the compiler does not about the boundary
// between the engine and its rules (package rules sees the engine only
// through package hook, and the engine names no rule): every hook a rule
// may implement has a caller in the engine, and the surface and the
// engine stay small.
func TestRuleSurface(t *testing.T) {
	cfg := &packages.Config{Mode: packages.NeedName | packages.NeedFiles | packages.NeedSyntax | packages.NeedTypes | packages.NeedTypesInfo | packages.NeedImports | packages.NeedDeps}
	pkgs, err := packages.Load(cfg, ".")
	if err != nil || len(pkgs) != 1 || len(pkgs[0].Errors) > 0 {
		t.Fatalf("load the package: %v %v", err, pkgs)
	}
	p := pkgs[0]
	hk := p.Imports["github.com/staterootlint/staterootlint/analyzers/internal/rootflow/hook"]
	if hk == nil {
		t.Fatal("the engine does not import package hook")
	}
	called := map[*types.Func]bool{}
	for _, sel := range p.TypesInfo.Selections {
		if f, ok := sel.Obj().(*types.Func); ok {
			called[f] = true
		}
	}
	scope := hk.Types.Scope()
	rule := scope.Lookup("Rule").Type().Underlying().(*types.Interface)
	hooks := 0
	for _, name := range scope.Names() {
		tn, ok := scope.Lookup(name).(*types.TypeName)
		if !ok {
			continue
		}
		it, ok := tn.Type().Underlying().(*types.Interface)
		if !ok || it == rule || !types.Implements(tn.Type(), rule) {
			continue
		}
		hooks++
		for i := range it.NumExplicitMethods() {
			if m := it.ExplicitMethod(i); !called[m] {
				t.Errorf("hook.%s: the engine never calls %s; call it from one place (hooks.go) or drop the hook", name, m.Name())
			}
		}
	}
	if hooks == 0 {
		t.Error("package hook declares no hook interface")
	}
	surface := types.NewMethodSet(scope.Lookup("Context").Type())
	if surface.Len() > maxSurface {
		t.Errorf("hook.Context has %d methods; at most %d: a rule's helper is the rule's own", surface.Len(), maxSurface)
	}
	engine := p.Types.Scope().Lookup("engine").Type().(*types.Named)
	if engine.NumMethods() > maxEngineMethods {
		t.Errorf("*engine declares %d methods; at most %d: give a helper to the component whose state it reads", engine.NumMethods(), maxEngineMethods)
	}
	t.Logf("hook.Context: %d methods; %d hooks; *engine: %d methods of its own", surface.Len(), hooks, engine.NumMethods())
}
