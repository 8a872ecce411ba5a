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
	"slices"
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

// coreFiles are the engine's core: they call the hooks and must name no
// rule.
var coreFiles = []string{"eval.go", "calls.go", "propagate.go", "policy.go", "conds.go", "summaries.go", "index.go", "rootflow.go", "facts.go", "reach.go", "order.go", "bounds.go"}

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
		name, typ := r.name(), reflect.TypeOf(r).Name()
		if !kebab.MatchString(name) || seen[name] {
			t.Errorf("rule %s: the name %q is not kebab-case or not unique", typ, name)
		}
		seen[name] = true
		file, doc := declaringFile(files, typ)
		switch {
		case file == "":
			t.Errorf("rule %s (%s): no file declares its type", name, typ)
			continue
		case slices.Contains(coreFiles, file) || file == "rules.go":
			t.Errorf("rule %s: declared in the core file %s; give it a file of its own", name, file)
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
		for _, core := range coreFiles {
			if f, ok := files[core]; ok && mentions(f, typ) {
				t.Errorf("rule %s: the core file %s names %s; call it through its hook", name, core, typ)
			}
		}
	}
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
