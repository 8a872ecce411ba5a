package analyzers_test

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis"

	"github.com/staterootlint/staterootlint/analyzers"
	"github.com/staterootlint/staterootlint/analyzers/internal/report"
	"github.com/staterootlint/staterootlint/analyzers/inventory"
	"github.com/staterootlint/staterootlint/internal/config"
)

// TestRegistry checks that each analyzer in the suite has the four things
// adding one touches: its directory, its fixtures, its line in All (in
// order) and its row in docs/analyzers.md, plus a doc whose first line is "name: title".
func TestRegistry(t *testing.T) {
	readme, err := os.ReadFile(filepath.Join("..", "docs", "analyzers.md"))
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, a := range analyzers.All {
		names = append(names, a.Name)
		if _, err := os.Stat(a.Name); err != nil {
			t.Errorf("%s: no package directory analyzers/%s", a.Name, a.Name)
		}
		if _, err := os.Stat(filepath.Join("..", "testdata", "src", a.Name)); err != nil {
			t.Errorf("%s: no fixtures under testdata/src/%s", a.Name, a.Name)
		}
		if !strings.Contains(string(readme), "| `"+a.Name+"` |") {
			t.Errorf("%s: no row in docs/analyzers.md's analyzer table", a.Name)
		}
		first, _, _ := strings.Cut(a.Doc, "\n")
		title, ok := strings.CutPrefix(first, a.Name+": ")
		if !ok || title == "" || len(first) > 60 || strings.HasSuffix(title, ".") || strings.ToLower(title[:1]) != title[:1] {
			t.Errorf("%s: doc's first line %q is not %q: a lowercase title, no period, at most 60 characters", a.Name, first, a.Name+": title")
		}
		if a.Name != strings.ToLower(a.Name) || strings.ContainsAny(a.Name, "-_ ") {
			t.Errorf("%s: the name must be one lowercase word", a.Name)
		}
	}
	if !slices.IsSorted(names) {
		t.Errorf("All is not in alphabetical order: %v", names)
	}
	if len(slices.Compact(slices.Clone(names))) != len(names) {
		t.Errorf("All lists an analyzer twice: %v", names)
	}
}

// TestIgnoreNames checks that the names a //staterootlint:ignore list may
// give are the analyzers of the suite that report findings: all of them
// but inventory (which reports nothing) and staleignore (whose findings
// are about the directives themselves).
func TestIgnoreNames(t *testing.T) {
	var names []string
	for _, a := range analyzers.All {
		if a.Name != "inventory" && a.Name != "staleignore" {
			names = append(names, a.Name)
		}
	}
	if got := report.AnalyzerNames(); !slices.Equal(got, names) {
		t.Errorf("report.AnalyzerNames() = %v, want %v", got, names)
	}
}

// TestLinting: the linters' suite is the CLI's less inventory, in the
// same order.
func TestLinting(t *testing.T) {
	want := slices.DeleteFunc(slices.Clone(analyzers.All), func(a *analysis.Analyzer) bool { return a == inventory.Analyzer })
	if !slices.Equal(analyzers.Linting, want) {
		t.Errorf("Linting = %v, want All less inventory: %v", analyzers.Linting, want)
	}
}

// TestOneAnalyzerWithFacts: of the linters' suite only the engine exports
// facts. A driver runs an analyzer with facts on every dependency and
// keeps a cache entry of its facts per package (golangci-lint writes one
// file each), so what a thin analyzer needs to know about other packages
// (rootenv's env helpers) is the engine's to carry.
func TestOneAnalyzerWithFacts(t *testing.T) {
	var withFacts []string
	for _, a := range config.Closure(analyzers.Linting) {
		if len(a.FactTypes) > 0 {
			withFacts = append(withFacts, a.Name)
		}
	}
	if !slices.Equal(withFacts, []string{"rootflow"}) {
		t.Errorf("analyzers with facts: %v, want only the engine (rootflow)", withFacts)
	}
}
