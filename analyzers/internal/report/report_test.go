package report_test

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/analysistest"
	"golang.org/x/tools/go/ast/inspector"
	"golang.org/x/tools/go/types/typeutil"

	"github.com/staterootlint/staterootlint/analyzers/internal/flagvalue"
	"github.com/staterootlint/staterootlint/analyzers/internal/report"
)

// testdata returns the GOPATH root of the fixtures, shared by every
// analyzer; the go command wants it absolute.
func testdata(t *testing.T) string {
	dir, err := filepath.Abs(filepath.Join("..", "..", "..", "testdata"))
	if err != nil {
		t.Fatal(err)
	}
	return dir
}

// probe returns an analyzer that reports every call to a package-level
// function named finding, through a Reporter built from f.
func probe(f report.Filter) *analysis.Analyzer {
	return probeNamed("probe", f)
}

// probeNamed is probe under another name, such as one of the suite's that
// //staterootlint:ignore lists may give.
func probeNamed(name string, f report.Filter) *analysis.Analyzer {
	a := &analysis.Analyzer{
		Name: name,
		Doc:  "probe: report calls to finding",
	}
	f.Register(&a.Flags)
	a.Run = func(pass *analysis.Pass) (any, error) {
		if err := f.Validate(); err != nil {
			return nil, err
		}
		r := f.Reporter(pass)
		for c := range inspector.New(pass.Files).Root().Preorder((*ast.CallExpr)(nil)) {
			call := c.Node().(*ast.CallExpr)
			if fn := typeutil.StaticCallee(pass.TypesInfo, call); fn != nil && fn.Name() == "finding" {
				r.Reportf(call.Pos(), "finding")
			}
		}
		return nil, nil
	}
	return a
}

func TestSuppressed(t *testing.T) {
	t.Parallel()
	analysistest.Run(t, testdata(t), probe(report.Filter{}), "report/suppressed")
}

func TestIgnoreList(t *testing.T) {
	t.Parallel()
	analysistest.Run(t, testdata(t), probeNamed("cwdwrite", report.Filter{}), "report/ignorelist")
}

// TestIgnores checks what Ignores and Matched tell staleignore about the
// directives of report/ignorelist.
func TestIgnores(t *testing.T) {
	t.Parallel()
	var got []string
	a := probeNamed("cwdwrite", report.Filter{})
	run := a.Run
	a.Run = func(pass *analysis.Pass) (any, error) {
		if _, err := run(pass); err != nil {
			return nil, err
		}
		r := (&report.Filter{}).Reporter(pass)
		for _, ig := range r.Ignores() {
			got = append(got, fmt.Sprintf("%d %q %q list:%t %q", pass.Fset.Position(ig.Pos).Line, ig.Analyzers, ig.Unknown, ig.HasList(), ig.Reason))
		}
		return nil, nil
	}
	analysistest.Run(t, testdata(t), a, "report/ignorelist")
	want := []string{
		`9 ["cwdwrite"] [] list:true "the tool is being migrated"`,
		`10 ["shadowwrite" "cwdwrite"] [] list:true "migrated in v2"`,
		`11 ["cwdwrite" "shadowwrite"] [] list:true "tab before the reason"`,
		`13 ["cwdwrite"] [] list:true "reads only"`,
		`18 ["shadowwrite"] [] list:true "the write is not ours // want ` + "`finding`" + `"`,
		`19 ["adhocroot" "rootenv"] [] list:true "not this one // want ` + "`finding`" + `"`,
		`25 [] ["cwdwirte"] list:true "migrating // want ` + "`finding`" + `"`,
		`26 ["cwdwrite"] ["shadowrite"] list:true "migrating"`,
		`32 [] [] list:false "legacy, removed in v2"`,
		`33 [] [] list:false "generated code"`,
		`34 [] [] list:false "foo,bar is not a list of analyzers"`,
		`35 [] [] list:false "Cwdwrite is capitalised, so prose"`,
		`40 ["cwdwrite"] [] list:true ""`,
		`45 ["shadowwrite"] [] list:true ""`,
	}
	if !slices.Equal(got, want) {
		t.Errorf("Ignores:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

// TestRecover checks that a panicking analyzer fails its package with one
// line naming the analyzer, the package and the position, and no stack.
func TestRecover(t *testing.T) {
	t.Parallel()
	for _, withPos := range []bool{true, false} {
		a := &analysis.Analyzer{Name: "boom", Doc: "boom: panic"}
		a.Run = func(pass *analysis.Pass) (_ any, err error) {
			var at token.Pos
			defer report.Recover(pass, &at, &err)
			if withPos {
				at = pass.Files[0].Name.Pos()
			}
			var m map[string]int
			m["x"]++ // a nil map write panics
			return nil, nil
		}
		var errs []string
		rt := &recordingT{TB: t, errorf: func(format string, args ...any) { errs = append(errs, fmt.Sprintf(format, args...)) }}
		analysistest.Run(rt, testdata(t), a, "report/ignorelist")
		msg := strings.Join(errs, "\n")
		wantAt := `at report_test.go:\d+ \(report_test.TestRecover.func1\)`
		if withPos {
			wantAt = `at .*ignorelist.go:4:9`
		}
		re := regexp.MustCompile(`boom: internal error analyzing report/ignorelist ` + wantAt + `: assignment to entry in nil map; please report it`)
		if !re.MatchString(msg) || strings.Contains(msg, "goroutine ") {
			t.Errorf("with position %t: errors:\n%s\nwant a match for %s and no stack", withPos, msg, re)
		}
	}
}

// recordingT is a testing.TB whose Errorf is recorded instead of failing
// the test.
type recordingT struct {
	testing.TB
	errorf func(format string, args ...any)
}

func (r *recordingT) Errorf(format string, args ...any) { r.errorf(format, args...) }

func TestGenerated(t *testing.T) {
	t.Parallel()
	analysistest.Run(t, testdata(t), probe(report.Filter{}), "report/generated")
}

func TestGeneratedSkip(t *testing.T) {
	t.Parallel()
	a := probe(report.Filter{})
	if err := a.Flags.Parse([]string{"-generated=skip"}); err != nil {
		t.Fatal(err)
	}
	analysistest.Run(t, testdata(t), a, "report/generatedskip")
}

func TestGeneratedFlag(t *testing.T) {
	t.Parallel()
	a := probe(report.Filter{})
	f := a.Flags.Lookup(report.FlagGenerated)
	if f.DefValue != report.GeneratedReport {
		t.Errorf("-generated defaults to %q, want %q", f.DefValue, report.GeneratedReport)
	}
	if err := a.Flags.Parse([]string{"-generated=hide"}); err == nil || !strings.Contains(err.Error(), "want report or skip") {
		t.Errorf("-generated=hide: %v", err)
	}
}

// TestCgo runs on a package that imports "C": its files reach the
// analysis as cgo's generated translations, and diagnostics still land on
// the user's lines, unfiltered even with -generated=skip.
func TestCgo(t *testing.T) {
	t.Parallel()
	a := probe(report.Filter{SkipGenerated: true})
	analysistest.Run(t, testdata(t), a, "report/cgo")
}

func TestTestsFiles(t *testing.T) {
	t.Parallel()
	analysistest.Run(t, testdata(t), probe(report.Filter{}), "report/testsfiles")
}

func TestTestsIncluded(t *testing.T) {
	t.Parallel()
	analysistest.Run(t, testdata(t), probe(report.Filter{Tests: true}), "report/testsincluded")
}

func TestExcluded(t *testing.T) {
	t.Parallel()
	f := report.Filter{Exclude: flagvalue.List{"zz_generated*.go", "**/report/excluded/legacy_*.go"}}
	analysistest.Run(t, testdata(t), probe(f), "report/excluded")
}

func TestExcludedByFlag(t *testing.T) {
	t.Parallel()
	a := probe(report.Filter{})
	if err := a.Flags.Parse([]string{"-exclude=zz_generated*.go, **/report/excluded/legacy_*.go"}); err != nil {
		t.Fatal(err)
	}
	analysistest.Run(t, testdata(t), a, "report/excluded")
}

func TestValidate(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		patterns flagvalue.List
		wantErr  bool
	}{
		{nil, false},
		{flagvalue.List{"**/zz_*.go", "/abs/dir/", "gen/*.pb.go"}, false},
		{flagvalue.List{"ok.go", "/a/[b"}, true},
	} {
		f := report.Filter{Exclude: tc.patterns}
		if err := f.Validate(); (err != nil) != tc.wantErr {
			t.Errorf("Validate(%q) = %v, want error: %t", tc.patterns, err, tc.wantErr)
		}
	}
}

func TestFuncDirective(t *testing.T) {
	t.Parallel()
	const src = `package p

// One is an authority.
//
//staterootlint:authority global
func One() {}

// Two writes under two patterns, spread over two lines.
//
//staterootlint:may-write repo:.app/logs/**
//staterootlint:may-write temp
func Two() {}

// Three only mentions the directive in prose:
// staterootlint:authority is how roots are declared.
func Three() {}

// Four has a look-alike directive.
//
//staterootlint:authorityx
func Four() {}

// Five has the directive with no arguments.
//
//staterootlint:authority
func Five() {}

func Six() {}
`
	f, err := parser.ParseFile(token.NewFileSet(), "p.go", src, parser.ParseComments)
	if err != nil {
		t.Fatal(err)
	}
	docs := make(map[string]*ast.CommentGroup)
	for _, d := range f.Decls {
		fd := d.(*ast.FuncDecl)
		docs[fd.Name.Name] = fd.Doc
	}
	for _, tc := range []struct {
		fn, name string
		args     []string
		ok       bool
	}{
		{"One", "authority", []string{"global"}, true},
		{"One", "may-write", nil, false},
		{"Two", "may-write", []string{"repo:.app/logs/**", "temp"}, true},
		{"Three", "authority", nil, false},
		{"Four", "authority", nil, false},
		{"Five", "authority", nil, true},
		{"Six", "authority", nil, false},
	} {
		args, ok := report.FuncDirective(docs[tc.fn], tc.name)
		if ok != tc.ok || !slices.Equal(args, tc.args) {
			t.Errorf("FuncDirective(%s, %q) = %q, %t; want %q, %t", tc.fn, tc.name, args, ok, tc.args, tc.ok)
		}
	}
	if !report.DeclaresAuthority([]*ast.File{f}) {
		t.Errorf("DeclaresAuthority = false, want true")
	}
}

func TestAnalyzerDoc(t *testing.T) {
	t.Parallel()
	const src = `// Package probe is a test.
//
// # Analyzer probe
//
// probe: report calls to finding
//
// Findings are bad.
//
// # Other
//
// Not part of it.
package probe
`
	const want = "probe: report calls to finding\n\nFindings are bad."
	if got := report.AnalyzerDoc(src, "probe"); got != want {
		t.Errorf("AnalyzerDoc = %q, want %q", got, want)
	}
	if got := report.AnalyzerDoc(src, "other"); got != "other: undocumented" {
		t.Errorf("AnalyzerDoc(missing) = %q", got)
	}
}

func TestQuote(t *testing.T) {
	t.Parallel()
	long := strings.Repeat("é", 100)
	for _, tc := range []struct{ in, want string }{
		{"state.json", `"state.json"`},
		{strings.Repeat("x", report.MaxQuoted), `"` + strings.Repeat("x", report.MaxQuoted) + `"`},
		{strings.Repeat("x", report.MaxQuoted+1), `"` + strings.Repeat("x", report.MaxQuoted) + `…"`},
		{long, `"` + strings.Repeat("é", report.MaxQuoted) + `…"`},
		{"tab\there", `"tab\there"`},
	} {
		if got := report.Quote(tc.in); got != tc.want {
			t.Errorf("Quote(%.20q…) = %s, want %s", tc.in, got, tc.want)
		}
	}
}

func TestAuthorityPackage(t *testing.T) {
	for _, tc := range []struct {
		configured []string
		want       bool
	}{
		{[]string{"example.com/app/paths.StateDir"}, true},
		{[]string{"example.com/app/paths.StateDir=global"}, true},
		{[]string{"(*example.com/app/paths.Layout).Repo=repo"}, true},
		{[]string{"(example.com/app/paths.Dirs).State"}, true},
		{[]string{"example.com/app/paths/sub.StateDir"}, false},
		{[]string{"example.com/app.StateDir"}, false},
		{[]string{"(*example.com/app/paths.Context).String=user"}, false},
		{[]string{"example.com/app/paths.scratch=temp"}, false},
		{nil, false},
	} {
		if got := report.AuthorityPackage(nil, "example.com/app/paths", tc.configured); got != tc.want {
			t.Errorf("AuthorityPackage(%q) = %v, want %v", tc.configured, got, tc.want)
		}
	}
}

func TestNamePackage(t *testing.T) {
	for name, want := range map[string]string{
		"github.com/x/app/internal/paths.StateDir": "github.com/x/app/internal/paths",
		"(*github.com/x/app/v2.Layout).Root":       "github.com/x/app/v2",
		"(github.com/x/gh.Config).CacheDir":        "github.com/x/gh",
		"gopkg.in/yaml.v3.Marshal":                 "gopkg.in/yaml.v3",
		"(*gopkg.in/yaml.v3.Node).Decode":          "gopkg.in/yaml.v3",
		"os.UserHomeDir":                           "os",
		"noname":                                   "",
	} {
		if got := report.NamePackage(name); got != want {
			t.Errorf("NamePackage(%q) = %q, want %q", name, got, want)
		}
	}
}
