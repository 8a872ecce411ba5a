// Command score scores staterootlint's findings on one corpus program
// against its labelled write sites (bench/corpus/README.md says how).
//
// Usage: go run ./bench/score SITES.tsv FINDINGS.json MODULE_DIR [OTHERS.tsv]
//
// It prints one tab-separated line: shadow sites, shadow sites found,
// correct sites (ROOTED, TEMP-CACHE, USER), false positives, findings on
// no row, then the same for adhocroot's and rootenv's findings against
// OTHERS.tsv (others.go; none labelled without it): true findings, false
// positives, findings on no row; then the findings on RESIDUAL rows and
// the lines and positions one write is reported on twice (twice.go); then the
// UNPROVABLE rows, those listed, the unproven findings elsewhere
// (FINDINGS.json from a run with report-unproven) and, of those, the
// ones on paths read from data (category data, unproven by design,
// counted apart); then, on later
// lines starting with "#", every missed shadow site, false positive,
// unlabelled finding and line or position reported twice.
package main

import (
	"encoding/json"
	"fmt"
	"io"
	"os"
)

func main() {
	if len(os.Args) != 4 && len(os.Args) != 5 {
		fmt.Fprintln(os.Stderr, "usage: score SITES.tsv FINDINGS.json MODULE_DIR [OTHERS.tsv]")
		os.Exit(2)
	}
	othersPath := ""
	if len(os.Args) == 5 {
		othersPath = os.Args[4]
	}
	if err := run(os.Args[1], os.Args[2], os.Args[3], othersPath, os.Stdout); err != nil {
		fmt.Fprintln(os.Stderr, "score:", err)
		os.Exit(1)
	}
}

func run(sitesPath, findingsPath, moduleDir, othersPath string, w io.Writer) error {
	sitesFile, err := os.ReadFile(sitesPath)
	if err != nil {
		return err
	}
	sites, err := parseSites(string(sitesFile))
	if err != nil {
		return fmt.Errorf("read %s: %w", sitesPath, err)
	}
	data, err := os.ReadFile(findingsPath)
	if err != nil {
		return err
	}
	var out struct {
		Diagnostics []finding `json:"diagnostics"`
	}
	if err := json.Unmarshal(data, &out); err != nil {
		return fmt.Errorf("read %s: %w", findingsPath, err)
	}
	var others []OtherSite
	if othersPath != "" {
		text, err := os.ReadFile(othersPath)
		if err != nil {
			return err
		}
		if others, err = parseOthers(string(text)); err != nil {
			return fmt.Errorf("read %s: %w", othersPath, err)
		}
	}
	s := Score(sites, out.Diagnostics, moduleDir)
	o := ScoreOthers(others, out.Diagnostics, moduleDir)
	twice := Twice(out.Diagnostics, moduleDir)
	fmt.Fprintf(w, "%d\t%d\t%d\t%d\t%d\t%d\t%d\t%d\t%d\t%d\t%d\t%d\t%d\t%d\n", s.Shadow, s.Found, s.Correct, len(s.FalsePositives), len(s.Unlabelled),
		o.True, len(o.FalsePositives), len(o.Unlabelled), len(s.Residuals), len(twice), s.Unprovable, s.Listed, s.Unproven, s.Data)
	for _, m := range s.Unlisted {
		fmt.Fprintf(w, "# unprovable site not listed by unproven %s (%s): %s\n", m.Site, m.Call, m.Reason)
	}
	for _, t := range twice {
		fmt.Fprintf(w, "# reported twice %s\n", t)
	}
	for _, f := range s.Residuals {
		fmt.Fprintf(w, "# residual (a limit by design) %s\n", f)
	}
	for _, m := range s.Missed {
		fmt.Fprintf(w, "# missed shadow site %s (%s): %s\n", m.Site, m.Call, m.Reason)
	}
	for _, f := range s.FalsePositives {
		fmt.Fprintf(w, "# false positive %s\n", f)
	}
	for _, f := range s.Unlabelled {
		fmt.Fprintf(w, "# not in the table %s\n", f)
	}
	for _, f := range o.FalsePositives {
		fmt.Fprintf(w, "# false positive %s\n", f)
	}
	for _, f := range o.Unlabelled {
		fmt.Fprintf(w, "# not in others.tsv %s\n", f)
	}
	return nil
}
