package rootflow

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/analysistest"
)

// rulesTestdata is the directory of the rules' fixtures, one package per
// rule named as the rule: testdata/src/rootflow/rules/NAME.
var rulesTestdata = filepath.Join("..", "..", "..", "testdata")

// findingsAnalyzer reports each finding of an engine configured with cfg,
// so a rule's fixture pins what the rule changes with // want and // ok.
func findingsAnalyzer(cfg Config) *analysis.Analyzer {
	cfg.RootEnv = append(cfg.RootEnv, "MYAPP_ROOT")
	flow := New(cfg)
	return &analysis.Analyzer{
		Name:     "findings",
		Doc:      "report the engine's findings",
		Requires: []*analysis.Analyzer{flow},
		Run: func(pass *analysis.Pass) (any, error) {
			for _, f := range pass.ResultOf[flow].(*Result).Findings {
				pass.Reportf(f.Pos, "%s", f.Origin.Describe())
			}
			return nil, nil
		},
	}
}

// mismatches records what analysistest would report as test failures.
type mismatches []string

func (m *mismatches) Errorf(format string, args ...any) {
	*m = append(*m, fmt.Sprintf(format, args...))
}

// runOnOff runs the rule's fixture with every rule on, where it must pass,
// and with the rule off, where it must not: the fixture shows what the
// rule decides.
func runOnOff(t *testing.T, r rule, cfg Config) {
	testdata, err := filepath.Abs(rulesTestdata)
	if err != nil {
		t.Fatal(err)
	}
	pkg := "rootflow/rules/" + r.name()
	analysistest.Run(t, testdata, findingsAnalyzer(cfg), pkg)
	off := cfg
	off.rulesOff = map[string]bool{r.name(): true}
	var m mismatches
	analysistest.Run(&m, testdata, findingsAnalyzer(off), pkg)
	if len(m) == 0 {
		t.Errorf("rule %s switched off: its fixture %s still passes; make the fixture show what the rule decides", r.name(), pkg)
	}
}

func TestRulesOnOff(t *testing.T) {
	for _, r := range rules {
		t.Run(r.name(), func(t *testing.T) { runOnOff(t, r, DefaultConfig()) })
	}
}

// ruleFile is the file a rule's type must be declared in: its name
// without dashes ("ctor-objects" in rule_ctorobjects.go). Every other file of
// the package, rules.go and the tests apart, is the core.
func ruleFile(name string) string { return "rule_" + strings.ReplaceAll(name, "-", "") + ".go" }

// TestRuleRegistry checks the recipe for every registered rule: a
// kebab-case name of its own; its type declared in a file of its own
// outside the core, with a doc comment saying what it decides and where
// it is unsound; a fixture named after it, with both sides; and no core
// file naming it.
func TestRuleRegistry(t *testing.T) {
	checkRules(t, rules, ".")
}

func checkRules(t *testing.T, list []rule, dir string) {
	fset := token.NewFileSet()
	files := map[string]*ast.File{}
	paths, _ := filepath.Glob(filepath.Join(dir, "*.go"))
	for _, p := range paths {
		f, err := parser.ParseFile(fset, p, nil, parser.ParseComments)
		if err != nil {
			t.Fatal(err)
		}
		files[filepath.Base(p)] = f
	}
	kebab := regexp.MustCompile(`^[a-z]+(-[a-z]+)*$`)
	seen := map[string]bool{}
	for _, r := range list {
		rt := reflect.TypeOf(r)
		if rt.Kind() == reflect.Pointer {
			rt = rt.Elem() // a packageRule's prototype
		}
		name, typ := r.name(), rt.Name()
		if reflect.DeepEqual(newHooks([]rule{r}, nil), hooks{}) {
			t.Errorf("rule %s: %s implements no hook of rules.go; check its methods' signatures against the hook interfaces", name, typ)
		}
		if !kebab.MatchString(name) || seen[name] {
			t.Errorf("rule %s: the name %q is not kebab-case or not unique", typ, name)
		}
		seen[name] = true
		file, doc := declaringFile(files, typ)
		switch {
		case file == "":
			t.Errorf("rule %s (%s): no file declares its type", name, typ)
			continue
		case file != ruleFile(name) && !strings.HasSuffix(file, "_test.go"):
			t.Errorf("rule %s: declared in %s; declare it in a file of its own, %s", name, file, ruleFile(name))
		case !strings.Contains(doc, "nsound") && !strings.Contains(doc, "Sound"):
			t.Errorf("rule %s: the doc comment of %s (%s) does not say where it is unsound", name, typ, file)
		}
		fixture := filepath.Join(rulesTestdata, "src", "rootflow", "rules", name)
		src, _ := filepath.Glob(filepath.Join(fixture, "*.go"))
		var text string
		for _, p := range src {
			b, _ := os.ReadFile(p)
			text += string(b)
		}
		if !strings.Contains(text, "// want") || !strings.Contains(text, "// ok") {
			t.Errorf("rule %s: its fixture %s needs both sides, // want and // ok lines", name, fixture)
		}
		for base, f := range files {
			if isCore(base, list) && mentions(f, typ) {
				t.Errorf("rule %s: the core file %s names %s; call it through its hook", name, base, typ)
			}
		}
	}
}

// isCore reports whether file is the engine's core: not a test, not
// rules.go, not the file of a rule of list.
func isCore(file string, list []rule) bool {
	if strings.HasSuffix(file, "_test.go") || file == "rules.go" {
		return false
	}
	for _, r := range list {
		if file == ruleFile(r.name()) {
			return false
		}
	}
	return true
}

// declaringFile returns the file that declares type name, and its doc.
func declaringFile(files map[string]*ast.File, name string) (file, doc string) {
	for base, f := range files {
		for _, d := range f.Decls {
			g, ok := d.(*ast.GenDecl)
			if !ok || g.Tok != token.TYPE {
				continue
			}
			for _, s := range g.Specs {
				if ts := s.(*ast.TypeSpec); ts.Name.Name == name {
					return base, g.Doc.Text() + ts.Doc.Text()
				}
			}
		}
	}
	return "", ""
}

func mentions(f *ast.File, name string) bool {
	found := false
	ast.Inspect(f, func(n ast.Node) bool {
		if id, ok := n.(*ast.Ident); ok && id.Name == name {
			found = true
		}
		return !found
	})
	return found
}

// TestCoreCallsRulesOnlyThroughHooks checks the partition the recipe
// describes: a file that declares a registered rule is that rule's (its
// type, its hook methods and the helpers only it uses), and every other
// file is the core, which reaches a rule's code only through the hooks. A
// function or method declared in a rule's file (and nowhere else, so a
// name shared with the core's own is not taken for it) must not be called
// from a core file, except a hook method through its interface.
func TestCoreCallsRulesOnlyThroughHooks(t *testing.T) {
	fset := token.NewFileSet()
	files := map[string]*ast.File{}
	paths, _ := filepath.Glob("*.go")
	for _, p := range paths {
		if strings.HasSuffix(p, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(fset, p, nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		files[p] = f
	}
	ruleFiles := map[string]string{} // file -> rule name
	for _, r := range rules {
		ruleFiles[ruleFile(r.name())] = r.name()
	}
	// declared maps a function's name to the files declaring it: "f" for
	// a function, "e.m" for a method of the engine (called as e.m), ".m"
	// for another type's method.
	declared := map[string][]string{}
	for base, f := range files {
		for _, d := range f.Decls {
			if fd, ok := d.(*ast.FuncDecl); ok {
				key := fd.Name.Name
				if fd.Recv != nil {
					key = "." + key
					if star, ok := fd.Recv.List[0].Type.(*ast.StarExpr); ok && fmt.Sprint(star.X) == "engine" {
						key = "e" + key
					}
				}
				declared[key] = append(declared[key], base)
			}
		}
	}
	hookMethods := map[string]bool{}
	ast.Inspect(files["rules.go"], func(n ast.Node) bool {
		if it, ok := n.(*ast.InterfaceType); ok {
			for _, m := range it.Methods.List {
				for _, name := range m.Names {
					hookMethods[name.Name] = true
				}
			}
		}
		return true
	})
	for base, f := range files {
		if !isCore(base, rules) {
			continue
		}
		ast.Inspect(f, func(n ast.Node) bool {
			call, ok := n.(*ast.CallExpr)
			if !ok {
				return true
			}
			var id *ast.Ident
			var key string
			switch fun := call.Fun.(type) {
			case *ast.Ident:
				id, key = fun, fun.Name
			case *ast.SelectorExpr:
				id, key = fun.Sel, "."+fun.Sel.Name
				if x, ok := fun.X.(*ast.Ident); ok && x.Name == "e" {
					key = "e" + key
				}
			default:
				return true
			}
			in := declared[key]
			if hookMethods[id.Name] {
				return true // a hook, called through its interface
			}
			if len(in) == 1 && ruleFiles[in[0]] != "" {
				t.Errorf("%s: the core names %s, declared in %s (rule %s); move it to the core or call it through a hook",
					fset.Position(id.Pos()), id.Name, in[0], ruleFiles[in[0]])
			}
			return true
		})
	}
}
