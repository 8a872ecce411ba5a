package main

import (
	"fmt"
	"slices"
	"strings"
)

// The contract analyzers that report how a path is built rather than a
// write (adhocroot, rootenv) report other places than sites.tsv's rows. A
// program's optional others.tsv labels their findings, each read in the
// code: site (file:line), analyzer, verdict TRUE (the contract asks for
// the finding) or FALSE (it does not), reason. A FALSE row may name a
// finding the analyzer no longer makes, so a regression shows.

// othersScored are the analyzers others.tsv labels.
var othersScored = []string{"adhocroot", "rootenv"}

// OtherSite is one row of an others.tsv table.
type OtherSite struct {
	Site     string // file:line, relative to the module root
	Analyzer string
	True     bool
	Reason   string
}

// parseOthers reads an others.tsv table (header line first).
func parseOthers(text string) ([]OtherSite, error) {
	table, err := tsvRows(text, "site", "analyzer", "verdict", "reason")
	if err != nil {
		return nil, err
	}
	var rows []OtherSite
	for _, r := range table {
		cols := r.cells
		if !validLoc(cols[0]) {
			return nil, fmt.Errorf("line %d: site %q is not file:line", r.line, cols[0])
		}
		if !slices.Contains(othersScored, cols[1]) {
			return nil, fmt.Errorf("line %d: analyzer %q; valid: %s", r.line, cols[1], strings.Join(othersScored, ", "))
		}
		if cols[2] != "TRUE" && cols[2] != "FALSE" {
			return nil, fmt.Errorf("line %d: verdict %q; valid: TRUE, FALSE", r.line, cols[2])
		}
		rows = append(rows, OtherSite{Site: cols[0], Analyzer: cols[1], True: cols[2] == "TRUE", Reason: cols[3]})
	}
	return rows, nil
}

// OtherResult is the score of the other analyzers' findings.
type OtherResult struct {
	True           int      // findings on TRUE rows
	FalsePositives []string // findings on FALSE rows
	Unlabelled     []string // findings on no row
}

// ScoreOthers scores the findings of othersScored against the rows.
func ScoreOthers(rows []OtherSite, findings []finding, moduleDir string) OtherResult {
	var r OtherResult
	for _, f := range findings {
		if !slices.Contains(othersScored, f.Analyzer) {
			continue
		}
		loc := findingLoc(f, moduleDir)
		i := slices.IndexFunc(rows, func(s OtherSite) bool { return s.Site == loc && s.Analyzer == f.Analyzer })
		switch {
		case i < 0:
			r.Unlabelled = append(r.Unlabelled, loc+": "+f.Message+" ("+f.Analyzer+")")
		case rows[i].True:
			r.True++
		default:
			r.FalsePositives = append(r.FalsePositives, loc+": "+f.Message+" ("+f.Analyzer+")")
		}
	}
	slices.Sort(r.FalsePositives)
	slices.Sort(r.Unlabelled)
	return r
}
