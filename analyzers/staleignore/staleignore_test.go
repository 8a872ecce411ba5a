package staleignore_test

import (
	"path/filepath"
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/staterootlint/staterootlint/analyzers/adhocroot"
	"github.com/staterootlint/staterootlint/analyzers/blastradius"
	"github.com/staterootlint/staterootlint/analyzers/cwdwrite"
	"github.com/staterootlint/staterootlint/analyzers/internal/report"
	"github.com/staterootlint/staterootlint/analyzers/internal/rootflow"
	"github.com/staterootlint/staterootlint/analyzers/rootenv"
	"github.com/staterootlint/staterootlint/analyzers/shadowwrite"
	"github.com/staterootlint/staterootlint/analyzers/staleignore"
)

// testdata returns the GOPATH root of the fixtures; the go command wants
// it absolute.
func testdata(t *testing.T) string {
	dir, err := filepath.Abs(filepath.Join("..", "..", "testdata"))
	if err != nil {
		t.Fatal(err)
	}
	return dir
}

// isolated returns a staleignore over fresh copies of the suite's
// reporting analyzers sharing a fresh engine, so tests run in parallel.
func isolated() *analysis.Analyzer {
	engine := rootflow.New(rootflow.DefaultConfig())
	return staleignore.New(staleignore.Config{Analyzers: []*analysis.Analyzer{
		adhocroot.New(adhocroot.Config{Engine: engine}),
		blastradius.New(blastradius.Config{Engine: engine}),
		cwdwrite.New(cwdwrite.Config{Engine: engine}),
		rootenv.New(rootenv.Config{Engine: engine}),
		shadowwrite.New(shadowwrite.Config{Engine: engine}),
	}})
}

func TestStale(t *testing.T) {
	t.Parallel()
	got := map[string]int{}
	for _, res := range analysistest.Run(t, testdata(t), isolated(), "staleignore/stale") {
		for _, d := range res.Diagnostics {
			got[d.Category]++
		}
	}
	if got[staleignore.CategoryStale] == 0 || got[staleignore.CategoryUnknown] == 0 || got[""] > 0 {
		t.Errorf("categories %v: want stale and unknown, and none empty", got)
	}
}

// TestSuiteNames checks that the analyzers staleignore requires by default
// are exactly those a //staterootlint:ignore list may name.
func TestSuiteNames(t *testing.T) {
	t.Parallel()
	var names []string
	for _, a := range staleignore.Analyzer.Requires {
		names = append(names, a.Name)
		if a.ResultType != report.MatchedType {
			t.Errorf("%s: ResultType %v, want %v: staleignore cannot see which directives its findings met", a.Name, a.ResultType, report.MatchedType)
		}
	}
	if got, want := strings.Join(names, ","), strings.Join(report.AnalyzerNames(), ","); got != want {
		t.Errorf("staleignore requires %s; report.AnalyzerNames is %s", got, want)
	}
}

func TestDoc(t *testing.T) {
	t.Parallel()
	if err := analysis.Validate([]*analysis.Analyzer{staleignore.Analyzer}); err != nil {
		t.Fatal(err)
	}
	title, _, _ := strings.Cut(staleignore.Analyzer.Doc, "\n")
	if !strings.HasPrefix(title, "staleignore: ") || len(title) > 60 || strings.HasSuffix(title, ".") {
		t.Errorf("doc title %q: want \"staleignore: <lowercase title>\", at most 60 characters, no period", title)
	}
	for _, want := range []string{"// WRONG", "// RIGHT"} {
		if !strings.Contains(staleignore.Analyzer.Doc, want) {
			t.Errorf("doc lacks a %s example", want)
		}
	}
}
