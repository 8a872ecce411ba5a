package rootflow

import (
	"go/ast"
	"go/importer"
	"go/parser"
	"go/token"
	"go/types"
	"slices"
	"testing"

	"github.com/staterootlint/staterootlint/analyzers/internal/rootflow/code"
	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"
)

// checkSource type-checks one file as package path, with imports from
// the given packages, as an analysis pass sees it.
func checkSource(t *testing.T, fset *token.FileSet, path, src string, deps map[string]*types.Package) *analysis.Pass {
	t.Helper()
	f, err := parser.ParseFile(fset, path+".go", src, 0)
	if err != nil {
		t.Fatal(err)
	}
	info := &types.Info{
		Types: map[ast.Expr]types.TypeAndValue{}, Defs: map[*ast.Ident]types.Object{}, Uses: map[*ast.Ident]types.Object{},
		Implicits: map[ast.Node]types.Object{}, Selections: map[*ast.SelectorExpr]*types.Selection{}, Scopes: map[ast.Node]*types.Scope{},
		Instances: map[*ast.Ident]types.Instance{},
	}
	imp := importerFunc(func(p string) (*types.Package, error) {
		if d, ok := deps[p]; ok {
			return d, nil
		}
		return importer.Default().Import(p)
	})
	pkg, err := (&types.Config{Importer: imp}).Check(path, fset, []*ast.File{f}, info)
	if err != nil {
		t.Fatal(err)
	}
	return &analysis.Pass{Fset: fset, Files: []*ast.File{f}, Pkg: pkg, TypesInfo: info}
}

type importerFunc func(string) (*types.Package, error)

func (f importerFunc) Import(path string) (*types.Package, error) { return f(path) }

// TestBuildSSAImports: an import whose package-level functions and
// variables the package does not name is not created; one whose are is
// created with those members only; and a method of either called is made
// on demand, with the key of the declared method.
func TestBuildSSAImports(t *testing.T) {
	fset := token.NewFileSet()
	lib := checkSource(t, fset, "example.com/lib", `package lib
type Store struct{ Dir string }
func (s *Store) Path(name string) string { return s.Dir + "/" + name }
func New(dir string) *Store { return &Store{Dir: dir} }
var Default = &Store{}
type Ring[T any] struct{ Dir string }
func (r *Ring[T]) Path(name string) string { return r.Dir + "/" + name }
`, nil).Pkg
	deps := map[string]*types.Package{"example.com/lib": lib}
	for _, tc := range []struct {
		name, src string
		created   bool
		key       string
		members   []string // lib's, when created
	}{
		{"types and methods only", `package app
import "example.com/lib"
func F(s *lib.Store) string { return s.Path("x") }
`, false, "(*example.com/lib.Store).Path", nil},
		{"a generic type's method", `package app
import "example.com/lib"
func F(r *lib.Ring[int]) string { return r.Path("x") }
`, false, "(*example.com/lib.Ring[T]).Path", nil},
		{"a function", `package app
import "example.com/lib"
func F() string { return lib.New("/d").Path("x") }
`, true, "(*example.com/lib.Store).Path", []string{"New", "init"}},
		{"a variable", `package app
import "example.com/lib"
func F() string { return lib.Default.Path("x") }
`, true, "(*example.com/lib.Store).Path", []string{"Default", "init"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			pass := checkSource(t, fset, "example.com/app", tc.src, deps)
			if got := len(membersUsed(pass)) == 1; got != tc.created {
				t.Errorf("lib created: %v, want %v", got, tc.created)
			}
			pkg, _ := buildSSA(pass, true)
			if lib := pkg.Prog.ImportedPackage("example.com/lib"); lib != nil {
				var members []string
				for name := range lib.Members {
					members = append(members, name)
				}
				slices.Sort(members)
				if !slices.Equal(members, tc.members) {
					t.Errorf("lib's members %v, want %v: what F names, and the initializer", members, tc.members)
				}
				if fn := lib.Func("New"); fn != nil && (code.FuncKey(fn) != "example.com/lib.New" || fn.Blocks != nil) {
					t.Errorf("lib.New: key %q, %d blocks: want the declared function's key, never built", code.FuncKey(fn), len(fn.Blocks))
				}
			}
			var callee *ssa.Function
			for _, b := range pkg.Func("F").Blocks {
				for _, instr := range b.Instrs {
					if c, ok := instr.(*ssa.Call); ok && c.Call.StaticCallee() != nil && c.Call.StaticCallee().Name() == "Path" {
						callee = c.Call.StaticCallee()
					}
				}
			}
			if callee == nil {
				t.Fatal("no call of (*lib.Store).Path")
			}
			if code.Origin(callee).Synthetic != code.OnDemand {
				t.Errorf("the method of an import not created has provenance %q, want %q (funcKey relies on it)", callee.Synthetic, code.OnDemand)
			}
			if got, want := code.FuncKey(callee), tc.key; got != want {
				t.Errorf("funcKey = %q, want %q", got, want)
			}
		})
	}
}
