package main

import (
	"fmt"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
)

// The verdicts of a labelled site.
const (
	Rooted    = "ROOTED"
	TempCache = "TEMP-CACHE"
	User      = "USER"
	Shadow    = "SHADOW"
	Param     = "PARAM"
	// Residual is a write the tool reports and the team accepts as a
	// documented limit (docs/precision.md, "Limits by design"): scored
	// apart, neither a false positive nor a shadow site.
	Residual = "RESIDUAL"
	// Unprovable is a shadow write whose path comes only from a file's
	// contents, a subprocess's output or the network (SPEC 4.1, unproven
	// by design): scored apart, found when the unproven analyzer lists it
	// (report-unproven: true), never a miss, never a false positive.
	Unprovable = "UNPROVABLE"
)

// Site is one row of a sites.tsv table.
type Site struct {
	Site    string   // file:line, relative to the module root
	Call    string   // the function called
	Verdict string   // one of the verdicts
	Also    []string // other file:line places a finding for it may land
	Reason  string
}

// parseSites reads a sites.tsv table (header line first).
func parseSites(text string) ([]Site, error) {
	rows, err := tsvRows(text, "site", "call", "verdict", "also", "reason")
	if err != nil {
		return nil, err
	}
	var sites []Site
	for _, r := range rows {
		cols := r.cells
		s := Site{Site: cols[0], Call: cols[1], Verdict: cols[2], Reason: cols[4]}
		if !validLoc(s.Site) {
			return nil, fmt.Errorf("line %d: site %q is not file:line", r.line, s.Site)
		}
		switch s.Verdict {
		case Rooted, TempCache, User, Shadow, Param, Residual, Unprovable:
		default:
			return nil, fmt.Errorf("line %d: verdict %q; valid: ROOTED, TEMP-CACHE, USER, SHADOW, PARAM, RESIDUAL, UNPROVABLE", r.line, s.Verdict)
		}
		for _, a := range strings.Split(cols[3], ",") {
			if a = strings.TrimSpace(a); a == "" {
				continue
			}
			if !validLoc(a) {
				return nil, fmt.Errorf("line %d: also %q is not file:line", r.line, a)
			}
			s.Also = append(s.Also, a)
		}
		sites = append(sites, s)
	}
	return sites, nil
}

// tsvRow is one row of a tab-separated table, with its line number.
type tsvRow struct {
	line  int
	cells []string
}

// tsvRows returns the rows of a tab-separated table after its header
// line, skipping blank lines, each checked to have one cell per column.
func tsvRows(text string, columns ...string) ([]tsvRow, error) {
	var rows []tsvRow
	for i, line := range strings.Split(strings.TrimRight(text, "\n"), "\n") {
		if i == 0 || strings.TrimSpace(line) == "" {
			continue
		}
		cells := strings.Split(line, "\t")
		if len(cells) != len(columns) {
			return nil, fmt.Errorf("line %d: %d columns, want %d (%s)", i+1, len(cells), len(columns), strings.Join(columns, ", "))
		}
		rows = append(rows, tsvRow{line: i + 1, cells: cells})
	}
	return rows, nil
}

func validLoc(s string) bool {
	file, line, ok := strings.Cut(s, ":")
	n, err := strconv.Atoi(line)
	return ok && file != "" && err == nil && n > 0
}

// finding is one diagnostic of staterootlint --format json.
type finding struct {
	Analyzer string `json:"analyzer"`
	File     string `json:"file"`
	Line     int    `json:"line"`
	Column   int    `json:"column"`
	Message  string `json:"message"`
	Category string `json:"category"`
	Chain    []step `json:"chain"`
}

// step is one step of a finding's chain.
type step struct {
	File    string `json:"file"`
	Line    int    `json:"line"`
	Message string `json:"message"`
}

// writtenBy starts the chain's step at the write a finding reported away
// from it reaches (internal/findingkey.WrittenBy).
const writtenBy = "written by "

// write returns the place of the write a finding stands for: the
// chain's step at the write, or the finding's own place.
func (f finding) write() string {
	if n := len(f.Chain); n > 0 && strings.HasPrefix(f.Chain[n-1].Message, writtenBy) {
		return f.Chain[n-1].File + ":" + strconv.Itoa(f.Chain[n-1].Line)
	}
	return f.File + ":" + strconv.Itoa(f.Line)
}

// categoryData is the category of an unproven finding on a path read
// from data (a file's contents, the network): unproven by design.
const categoryData = "data"

// Result is the score of one program.
type Result struct {
	Shadow, Found  int      // SHADOW rows, and those a finding landed on
	Correct        int      // ROOTED, TEMP-CACHE and USER rows
	Missed         []Site   // SHADOW rows no finding landed on
	FalsePositives []string // findings on correct rows
	Unlabelled     []string // findings on no row
	Residuals      []string // findings on RESIDUAL rows: accepted limits
	// Unprovable counts the UNPROVABLE rows, Listed those a finding of
	// unproven (or shadowwrite) landed on; Unproven counts the writes the
	// unproven findings on any other place stand for (one write's several
	// stores are several findings, one write): writes the analysis could
	// follow the path of, and did not prove. Data counts the writes of
	// unproven findings of category data elsewhere: paths read from data,
	// unproven by design like UNPROVABLE rows, scored apart.
	Unprovable, Listed, Unproven, Data int
	Unlisted                           []Site // UNPROVABLE rows nothing landed on
}

// Score matches the shadowwrite findings to the labelled sites: a finding
// lands on a row when its file:line is the row's site or one of its also
// places. A finding on rows of several verdicts counts for the shadow row.
func Score(sites []Site, findings []finding, moduleDir string) Result {
	var r Result
	rows := map[string][]int{}
	for i, s := range sites {
		for _, loc := range append([]string{s.Site}, s.Also...) {
			rows[loc] = append(rows[loc], i)
		}
		switch s.Verdict {
		case Shadow:
			r.Shadow++
		case Rooted, TempCache, User:
			r.Correct++
		}
	}
	found := make([]bool, len(sites))
	unproven, data := map[string]bool{}, map[string]bool{}
	for _, f := range findings {
		if f.Analyzer != "shadowwrite" && f.Analyzer != "unproven" {
			continue
		}
		loc := findingLoc(f, moduleDir)
		matched := rows[loc]
		unprovable := slices.IndexFunc(matched, func(i int) bool { return sites[i].Verdict == Unprovable })
		if unprovable >= 0 {
			found[matched[unprovable]] = true
			continue
		}
		if f.Analyzer == "unproven" {
			if f.Category == categoryData {
				data[f.write()] = true
			} else {
				unproven[f.write()] = true
			}
			continue
		}
		if len(matched) == 0 {
			r.Unlabelled = append(r.Unlabelled, loc+": "+f.Message)
			continue
		}
		shadow, correct, residual := false, false, false
		for _, i := range matched {
			switch sites[i].Verdict {
			case Shadow:
				found[i], shadow = true, true
			case Rooted, TempCache, User:
				correct = true
			case Residual:
				residual = true
			}
		}
		switch {
		case shadow:
		case residual:
			r.Residuals = append(r.Residuals, loc+": "+f.Message)
		case correct:
			r.FalsePositives = append(r.FalsePositives, loc+": "+f.Message)
		}
	}
	for i, s := range sites {
		if s.Verdict == Unprovable {
			r.Unprovable++
			if found[i] {
				r.Listed++
			} else {
				r.Unlisted = append(r.Unlisted, s)
			}
			continue
		}
		if s.Verdict != Shadow {
			continue
		}
		if found[i] {
			r.Found++
		} else {
			r.Missed = append(r.Missed, s)
		}
	}
	r.Unproven, r.Data = len(unproven), len(data)
	slices.Sort(r.FalsePositives)
	slices.Sort(r.Unlabelled)
	return r
}

// findingLoc returns a finding's file:line relative to the module root.
func findingLoc(f finding, moduleDir string) string {
	rel, err := filepath.Rel(moduleDir, f.File)
	if err != nil {
		rel = f.File
	}
	return filepath.ToSlash(rel) + ":" + strconv.Itoa(f.Line)
}
