package inventory_test

import (
	"go/types"
	"path/filepath"
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/checker"
	"golang.org/x/tools/go/packages"

	"github.com/staterootlint/staterootlint/analyzers/internal/rootflow"
	"github.com/staterootlint/staterootlint/analyzers/inventory"
	"github.com/staterootlint/staterootlint/internal/config"
)

// TestExampleContract keeps examples/STATE_ROOTS.md true: it runs the
// inventory over the example app, configured by its .staterootlint.yaml
// as the CLI would, and checks the contract document against it.
func TestExampleContract(t *testing.T) {
	dir := filepath.Join("..", "..", "examples")
	cfg, err := config.Load(filepath.Join(dir, config.FileName))
	if err != nil {
		t.Fatal(err)
	}
	inv := inventory.New(inventory.Config{Engine: rootflow.New(rootflow.DefaultConfig())})
	if _, err := cfg.Apply([]*analysis.Analyzer{inv}); err != nil {
		t.Fatal(err)
	}
	pkgs, err := packages.Load(&packages.Config{
		Mode:  packages.LoadAllSyntax | packages.NeedModule,
		Dir:   dir,
		Tests: cfg.TestsEnabled(),
	}, "./...")
	if err != nil {
		t.Fatal(err)
	}
	byPath := map[string]*types.Package{}
	packages.Visit(pkgs, nil, func(p *packages.Package) {
		for _, e := range p.Errors {
			t.Errorf("load %s: %v", p.PkgPath, e)
		}
		byPath[p.PkgPath] = p.Types
	})
	if err := cfg.Resolve(func(path string) *types.Package { return byPath[path] }); err != nil {
		t.Fatal(err)
	}
	g, err := checker.Analyze([]*analysis.Analyzer{inv}, pkgs, nil)
	if err != nil {
		t.Fatal(err)
	}
	for act := range g.All() {
		if act.Err != nil {
			t.Fatalf("%s on %s: %v", act.Analyzer.Name, act.Package.PkgPath, act.Err)
		}
	}
	arts := inventory.Collect(g)
	if len(arts) == 0 {
		t.Fatal("the inventory of the example app is empty")
	}
	contract, err := inventory.ParseContract(filepath.Join(dir, "STATE_ROOTS.md"))
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range inventory.Check(arts, contract) {
		t.Errorf("%s", p)
	}
	if t.Failed() {
		var b strings.Builder
		inventory.WriteMarkdown(&b, arts)
		t.Logf("the example app's inventory:\n%s", b.String())
	}
}
