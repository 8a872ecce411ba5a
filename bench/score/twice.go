package main

import (
	"slices"
	"sort"
)

// Twice returns the lines where one write is reported by two analyzers
// that the contract keeps apart (SPEC "One write, one finding"):
// shadowwrite and cwdwrite, or shadowwrite and adhocroot (the join that
// builds the origin of a shadow write on the same line). Each is
// "file:line: shadowwrite and cwdwrite".
func Twice(findings []finding, moduleDir string) []string {
	by := map[string][]string{}
	for _, f := range findings {
		loc := findingLoc(f, moduleDir)
		if !slices.Contains(by[loc], f.Analyzer) {
			by[loc] = append(by[loc], f.Analyzer)
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
	sort.Strings(out)
	return out
}
