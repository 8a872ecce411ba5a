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

	"github.com/staterootlint/staterootlint/analyzers/internal/rootflow/hook"
	"github.com/staterootlint/staterootlint/analyzers/internal/rootflow/rules"
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
func runOnOff(t *testing.T, r hook.Rule, cfg Config) {
	testdata, err := filepath.Abs(rulesTestdata)
	if err != nil {
		t.Fatal(err)
	}
	pkg := "rootflow/rules/" + r.Name()
	analysistest.Run(t, testdata, findingsAnalyzer(cfg), pkg)
	off := cfg
	off.rulesOff = map[string]bool{r.Name(): true}
	var m mismatches
	analysistest.Run(&m, testdata, findingsAnalyzer(off), pkg)
	if len(m) == 0 {
		t.Errorf("rule %s switched off: its fixture %s still passes; make the fixture show what the rule decides", r.Name(), pkg)
	}
}

func TestRulesOnOff(t *testing.T) {
	for _, r := range rules.All {
		t.Run(r.Name(), func(t *testing.T) { runOnOff(t, r, DefaultConfig()) })
	}
}

// rulesDir is the directory of package rules, where each rule's type is
// declared in a file of its own.
const rulesDir = "rules"

// ruleFile is the file of package rules a rule's type must be declared
// in: its name without dashes ("ctor-objects" in ctorobjects.go).
func ruleFile(name string) string { return strings.ReplaceAll(name, "-", "") + ".go" }

// TestRuleRegistry checks the recipe for every registered rule: a
// kebab-case name of its own; at least one hook implemented; its type
// declared in a file of its own, with a doc comment saying what it
// decides and where it is unsound; a fixture named after it, with both
// sides. (That the engine names no rule is the compiler's to check:
// package rules exports the list alone.)
func TestRuleRegistry(t *testing.T) {
	checkRules(t, rules.All, rulesDir)
}

func checkRules(t *testing.T, list []hook.Rule, dir string) {
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
			rt = rt.Elem() // a PackageRule's prototype
		}
		name, typ := r.Name(), rt.Name()
		if reflect.DeepEqual(newHooks([]hook.Rule{r}, nil), hooks{}) {
			t.Errorf("rule %s: %s implements no hook of package hook; check its methods' signatures against the hook interfaces", name, typ)
		}
		if !kebab.MatchString(name) || seen[name] {
			t.Errorf("rule %s: the name %q is not kebab-case or not unique", typ, name)
		}
		seen[name] = true
		file, doc := declaringFile(files, typ)
		switch {
		case file == "":
			t.Errorf("rule %s (%s): no file of %s declares its type", name, typ, dir)
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
