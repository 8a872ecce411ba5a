package unproven_test

import (
	"path/filepath"
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/staterootlint/staterootlint/analyzers/internal/report"
	"github.com/staterootlint/staterootlint/analyzers/unproven"
)

func testdata(t *testing.T) string {
	dir, err := filepath.Abs(filepath.Join("..", "..", "testdata"))
	if err != nil {
		t.Fatal(err)
	}
	return dir
}

func TestReported(t *testing.T) {
	analysistest.Run(t, testdata(t), unproven.New(unproven.Config{Report: true}), "unproven/reported")
}

// TestParts: a part cut off the front of a rooted or home path is not
// where the path is (knowledge.Func.Parts).
func TestParts(t *testing.T) {
	analysistest.Run(t, testdata(t), unproven.New(unproven.Config{Report: true}), "unproven/parts")
}

// TestCurrentDir: "./" + x is where x is, so a name the analysis cannot
// follow stays unproven behind it.
func TestCurrentDir(t *testing.T) {
	analysistest.Run(t, testdata(t), unproven.New(unproven.Config{Report: true}), "unproven/curdir")
}

// TestEmptyJoin: names joined onto a field that may still be empty are
// the names themselves, a path the analysis cannot follow.
func TestEmptyJoin(t *testing.T) {
	analysistest.Run(t, testdata(t), unproven.New(unproven.Config{Report: true}), "unproven/emptyjoin")
}

// TestForeignObjects: a field of a url.URL not tied to where its object
// was made is unproven, not the stores into other URLs.
func TestForeignObjects(t *testing.T) {
	analysistest.Run(t, testdata(t), unproven.New(unproven.Config{Report: true}), "unproven/foreignobjects")
}

func TestSilentByDefault(t *testing.T) {
	analysistest.Run(t, testdata(t), unproven.Analyzer, "unproven/silent")
}

// TestFlagTurnsReportingOn sets -report as the drivers do.
func TestFlagTurnsReportingOn(t *testing.T) {
	a := unproven.New(unproven.DefaultConfig())
	if err := a.Flags.Set(unproven.FlagReport, "true"); err != nil {
		t.Fatal(err)
	}
	analysistest.Run(t, testdata(t), a, "unproven/reported")
}

// TestIgnoreMatchedEitherWay checks that a //staterootlint:ignore
// unproven directive counts as matched whether the findings are listed or
// not, so staleignore judges it the same.
func TestIgnoreMatchedEitherWay(t *testing.T) {
	for _, a := range []*analysis.Analyzer{unproven.New(unproven.Config{Report: true}), unproven.Analyzer} {
		pkg := "unproven/silent"
		if a != unproven.Analyzer {
			pkg = "unproven/reported"
		}
		results := analysistest.Run(t, testdata(t), a, pkg)
		matched := 0
		for _, r := range results {
			if m, ok := r.Result.(*report.Matched); ok {
				matched += len(m.Directives)
			}
		}
		if matched != 1 {
			t.Errorf("%s with report=%v: %d directives matched, want the one ignore unproven", pkg, a != unproven.Analyzer, matched)
		}
	}
}

// TestFilledFields: a field a decoder fills by reflection, or that
// nothing visibly stores, is unproven, never met.
func TestFilledFields(t *testing.T) {
	analysistest.Run(t, testdata(t), unproven.New(unproven.Config{Report: true}), "unproven/filledfields")
}

// TestDataCategory: a path a decoder of bytes fills (a file's contents,
// the network) is unproven by design, category "data", and its advice
// says so; a field nothing visibly stores is "unproven", for want of
// analysis.
func TestDataCategory(t *testing.T) {
	results := analysistest.Run(t, testdata(t), unproven.New(unproven.Config{Report: true}), "unproven/filledfields")
	got := map[string]int{}
	for _, r := range results {
		for _, d := range r.Diagnostics {
			got[d.Category]++
			if d.Category == "data" && !strings.Contains(d.Message, "unproven by design") {
				t.Errorf("a finding on data does not say it is unproven by design: %s", d.Message)
			}
		}
	}
	if got["data"] != 2 || got["unproven"] == 0 {
		t.Errorf("categories %v; want 2 data (the fields json.Unmarshal fills) and the unstored field unproven", got)
	}
}

// TestEmptyBase: a name joined onto a field that may be empty is, there,
// the name itself; not followed yet, the write is counted unproven.
func TestEmptyBase(t *testing.T) {
	analysistest.Run(t, testdata(t), unproven.New(unproven.Config{Report: true}), "unproven/emptybase")
}
