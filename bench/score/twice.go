package main

import (
	"slices"
	"sort"
	"strconv"
	"strings"
)

// Twice returns what the run reports twice (SPEC "One write, one
// finding"): the lines where one write is reported by two analyzers that
// the contract keeps apart, shadowwrite and cwdwrite, or shadowwrite and
// adhocroot (the join that builds the origin of a shadow write on the
// same line), each "file:line: shadowwrite and cwdwrite"; and the
// positions two findings share, of one analyzer or two, each
// "file:line:column: unproven and unproven". Two findings on one line at
// two columns are two writes, each reported where its path enters.
func Twice(findings []finding, moduleDir string) []string {
	by := map[string][]string{}
	at := map[string][]string{}
	for _, f := range findings {
		loc := findingLoc(f, moduleDir)
		if !slices.Contains(by[loc], f.Analyzer) {
			by[loc] = append(by[loc], f.Analyzer)
		}
		if f.Column > 0 { // a finding without a column names no position
			pos := loc + ":" + strconv.Itoa(f.Column)
			at[pos] = append(at[pos], f.Analyzer)
		}
	}
	var out []string
	for loc, as := range by {
		if !slices.Contains(as, "shadowwrite") {
			continue
		}
		for _, other := range []string{"cwdwrite", "adhocroot"} {
			if slices.Contains(as, other) {
				out = append(out, loc+": shadowwrite and "+other)
			}
		}
	}
	for pos, as := range at {
		if len(as) > 1 {
			out = append(out, pos+": "+strings.Join(as, " and "))
		}
	}
	sort.Strings(out)
	return out
}
