package main

import (
	"slices"
	"testing"
)

func TestScore(t *testing.T) {
	sites, err := parseSites("site\tcall\tverdict\talso\treason\n" +
		"a.go:10\tos.WriteFile\tSHADOW\t\tliteral\n" +
		"a.go:20\tos.WriteFile\tSHADOW\tb.go:5\tstored in a field at b.go:5\n" +
		"a.go:30\tos.MkdirAll\tROOTED\t\tunder the root\n" +
		"a.go:40\tos.Create\tUSER\t\ta flag\n" +
		"a.go:50\tos.Remove\tPARAM\t\thelper\n" +
		"a.go:60\tos.Remove\tSHADOW\t\tnever found\n" +
		"a.go:70\tos.Remove\tRESIDUAL\t\ta limit by design\n")
	if err != nil {
		t.Fatal(err)
	}
	findings := []finding{
		{Analyzer: "shadowwrite", File: "/m/a.go", Line: 10},
		{Analyzer: "shadowwrite", File: "/m/b.go", Line: 5},
		{Analyzer: "shadowwrite", File: "/m/a.go", Line: 30},
		{Analyzer: "cwdwrite", File: "/m/a.go", Line: 40}, // not scored
		{Analyzer: "shadowwrite", File: "/m/c.go", Line: 1},
		{Analyzer: "shadowwrite", File: "/m/a.go", Line: 70},
	}
	r := Score(sites, findings, "/m")
	if r.Shadow != 3 || r.Found != 2 || r.Correct != 2 {
		t.Errorf("shadow %d found %d correct %d, want 3 2 2", r.Shadow, r.Found, r.Correct)
	}
	if len(r.Missed) != 1 || r.Missed[0].Site != "a.go:60" {
		t.Errorf("missed %v, want a.go:60", r.Missed)
	}
	if !slices.Equal(r.FalsePositives, []string{"a.go:30: "}) {
		t.Errorf("false positives %q", r.FalsePositives)
	}
	if !slices.Equal(r.Unlabelled, []string{"c.go:1: "}) {
		t.Errorf("unlabelled %q", r.Unlabelled)
	}
	if !slices.Equal(r.Residuals, []string{"a.go:70: "}) {
		t.Errorf("residuals %q, want the finding on the RESIDUAL row, not a false positive", r.Residuals)
	}
}

func TestParseSitesErrors(t *testing.T) {
	for _, text := range []string{
		"h\na.go:1\tos.Create\tMAYBE\t\tx\n",
		"h\na.go\tos.Create\tSHADOW\t\tx\n",
		"h\na.go:1\tos.Create\tSHADOW\n",
		"h\na.go:1\tos.Create\tSHADOW\tb.go\tx\n",
	} {
		if _, err := parseSites(text); err == nil {
			t.Errorf("parseSites(%q): no error", text)
		}
	}
}

func TestScoreOthers(t *testing.T) {
	rows, err := parseOthers("site\tanalyzer\tverdict\treason\n" +
		"a.go:10\tadhocroot\tTRUE\thome joined by hand\n" +
		"a.go:20\tadhocroot\tFALSE\ttilde expansion\n" +
		"a.go:30\trootenv\tFALSE\tno longer reported\n")
	if err != nil {
		t.Fatal(err)
	}
	findings := []finding{
		{Analyzer: "adhocroot", File: "/m/a.go", Line: 10},
		{Analyzer: "adhocroot", File: "/m/a.go", Line: 20},
		{Analyzer: "rootenv", File: "/m/a.go", Line: 10},     // a row of another analyzer
		{Analyzer: "shadowwrite", File: "/m/a.go", Line: 20}, // not scored here
	}
	r := ScoreOthers(rows, findings, "/m")
	if r.True != 1 {
		t.Errorf("true %d, want 1", r.True)
	}
	if !slices.Equal(r.FalsePositives, []string{"a.go:20:  (adhocroot)"}) {
		t.Errorf("false positives %q", r.FalsePositives)
	}
	if !slices.Equal(r.Unlabelled, []string{"a.go:10:  (rootenv)"}) {
		t.Errorf("unlabelled %q", r.Unlabelled)
	}
}

func TestParseOthersErrors(t *testing.T) {
	for _, text := range []string{
		"h\na.go:1\tadhocroot\tMAYBE\tx\n",
		"h\na.go:1\tcwdwrite\tTRUE\tx\n",
		"h\na.go\tadhocroot\tTRUE\tx\n",
		"h\na.go:1\tadhocroot\tTRUE\n",
	} {
		if _, err := parseOthers(text); err == nil {
			t.Errorf("parseOthers(%q): no error", text)
		}
	}
}

func TestTwice(t *testing.T) {
	fs := []finding{
		{Analyzer: "shadowwrite", File: "/m/a.go", Line: 3},
		{Analyzer: "cwdwrite", File: "/m/a.go", Line: 3},
		{Analyzer: "shadowwrite", File: "/m/b.go", Line: 5},
		{Analyzer: "adhocroot", File: "/m/b.go", Line: 5},
		{Analyzer: "adhocroot", File: "/m/c.go", Line: 7},
		{Analyzer: "cwdwrite", File: "/m/c.go", Line: 7},
		// Two writes on one line, each reported where its path enters.
		{Analyzer: "shadowwrite", File: "/m/d.go", Line: 1, Column: 2},
		{Analyzer: "shadowwrite", File: "/m/d.go", Line: 1, Column: 30},
		// One position reported twice, by one analyzer or by two.
		{Analyzer: "unproven", File: "/m/e.go", Line: 4, Column: 9},
		{Analyzer: "unproven", File: "/m/e.go", Line: 4, Column: 9},
		{Analyzer: "rootenv", File: "/m/f.go", Line: 8, Column: 5},
		{Analyzer: "adhocroot", File: "/m/f.go", Line: 8, Column: 5},
	}
	got := Twice(fs, "/m")
	want := []string{"a.go:3: shadowwrite and cwdwrite", "b.go:5: shadowwrite and adhocroot",
		"e.go:4:9: unproven and unproven", "f.go:8:5: rootenv and adhocroot"}
	if !slices.Equal(got, want) {
		t.Errorf("Twice = %q, want %q", got, want)
	}
}

func TestScoreUnprovable(t *testing.T) {
	sites, err := parseSites("site\tcall\tverdict\talso\treason\n" +
		"a.go:1\tos.WriteFile\tUNPROVABLE\t\tpath from a file's contents\n" +
		"a.go:2\tos.WriteFile\tUNPROVABLE\t\tpath from git's output\n" +
		"a.go:3\tos.WriteFile\tROOTED\t\troot\n" +
		"a.go:4\tos.WriteFile\tSHADOW\t\thome\n")
	if err != nil {
		t.Fatal(err)
	}
	r := Score(sites, []finding{
		{Analyzer: "unproven", File: "/m/a.go", Line: 1},
		{Analyzer: "unproven", File: "/m/a.go", Line: 3},
		{Analyzer: "unproven", File: "/m/b.go", Line: 9},
		{Analyzer: "unproven", File: "/m/b.go", Line: 10, Category: "data"},
		{Analyzer: "shadowwrite", File: "/m/a.go", Line: 4},
	}, "/m")
	if r.Unprovable != 2 || r.Listed != 1 || r.Unproven != 2 || r.Data != 1 || len(r.Unlisted) != 1 || r.Unlisted[0].Site != "a.go:2" {
		t.Errorf("unprovable %d, listed %d, unproven elsewhere %d, on data %d, unlisted %v; want 2, 1, 2, 1, [a.go:2]", r.Unprovable, r.Listed, r.Unproven, r.Data, r.Unlisted)
	}
	if r.Shadow != 1 || r.Found != 1 || len(r.Missed) != 0 || len(r.FalsePositives) != 0 {
		t.Errorf("an UNPROVABLE row is no shadow site and an unproven finding no false positive: %+v", r)
	}
}

// TestScoreUnprovenWrites checks that unproven findings count as the
// writes they stand for: two stores a write reads are one write.
func TestScoreUnprovenWrites(t *testing.T) {
	sites, err := parseSites("site\tcall\tverdict\talso\treason\n" +
		"a.go:9\tos.WriteFile\tROOTED\t\troot\n")
	if err != nil {
		t.Fatal(err)
	}
	atWrite := []step{{File: "/m/a.go", Line: 1, Message: "the path starts here"}, {File: "/m/a.go", Line: 20, Message: "written by os.WriteFile"}}
	r := Score(sites, []finding{
		{Analyzer: "unproven", File: "/m/a.go", Line: 1, Chain: atWrite},
		{Analyzer: "unproven", File: "/m/a.go", Line: 2, Chain: atWrite},
		{Analyzer: "unproven", File: "/m/a.go", Line: 20},
		{Analyzer: "unproven", File: "/m/a.go", Line: 30, Chain: atWrite[:1]},
	}, "/m")
	if r.Unproven != 2 {
		t.Errorf("unproven writes %d, want 2 (a.go:20 for three findings, a.go:30)", r.Unproven)
	}
}
