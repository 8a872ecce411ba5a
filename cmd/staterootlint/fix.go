package main

import (
	"fmt"

	"github.com/staterootlint/staterootlint/internal/driver"
	"github.com/staterootlint/staterootlint/internal/format"
)

// applyFixes applies the findings' suggested fixes (driver.ApplyFixes),
// or with --diff prints them as a unified diff on stdout and changes no
// file, and returns the findings left unfixed. It says on stderr how
// many findings have no fix and why, and which fixes it could not apply
// or reverted and why.
func (c *cli) applyFixes(req checkRequest, findings []finding) ([]finding, int) {
	rep, err := driver.ApplyFixes(findings, driver.FixOptions{
		Declare:    req.declare,
		DryRun:     req.diff,
		Check:      !req.diff,
		Dir:        req.dir,
		BuildFlags: req.buildFlags,
	})
	if err != nil {
		fmt.Fprintf(c.stderr, "%s: %v\n", progname, err)
		return nil, exitUsage
	}
	verb := "applied"
	if req.diff {
		verb = "would apply"
		for _, ch := range rep.Changes {
			fmt.Fprint(c.stdout, driver.UnifiedDiff(format.RelPath(req.dir, ch.Name), ch.Old, ch.New))
		}
	}
	summary := fmt.Sprintf("%s %s to %s", verb, plural(rep.Fixed, "fix", "fixes"), plural(len(rep.Changes), "file", "files"))
	if !req.diff {
		summary = fmt.Sprintf("%s %s to %s", verb, plural(rep.Fixed, "fix", "fixes"), plural(rep.Files, "file", "files"))
	}
	if rep.NoFix > 0 {
		summary += fmt.Sprintf("; %s no suggested fix", plural(rep.NoFix, "finding has", "findings have"))
		if rep.Declarations > 0 {
			summary += fmt.Sprintf(" (%s a declaration, which --fix=declare applies)", plural(rep.Declarations, "has", "have"))
		}
	}
	if len(rep.Failed) > 0 {
		summary += fmt.Sprintf("; could not apply the fix of %s:", plural(len(rep.Failed), "finding", "findings"))
	}
	fmt.Fprintf(c.stderr, "%s: %s\n", progname, summary)
	for _, u := range rep.Failed {
		f := u.Finding
		fmt.Fprintf(c.stderr, "%s:%d:%d: %s (%s): %s\n", format.RelPath(req.dir, f.Pos.Filename), f.Pos.Line, f.Pos.Column, f.Message, f.Analyzer, u.Why)
	}
	failed := map[string]bool{}
	for _, u := range rep.Failed {
		failed[u.Finding.Pos.String()+u.Finding.Analyzer] = true
	}
	for _, f := range rep.Remaining {
		if failed[f.Pos.String()+f.Analyzer] {
			continue
		}
		// Why a finding has no fix, where its analyzer says (or offers
		// a declaration only).
		why := f.NoFix
		switch {
		case why == "" && f.Fix == nil:
			continue
		case why == "":
			why = "only a declaration is offered: " + f.Fix.Message + " (--fix=declare)"
		case f.Fix != nil && f.Fix.Declare:
			why += "; " + f.Fix.Message + " (--fix=declare)"
		}
		fmt.Fprintf(c.stderr, "%s:%d:%d: no fix (%s): %s\n", format.RelPath(req.dir, f.Pos.Filename), f.Pos.Line, f.Pos.Column, f.Analyzer, why)
	}
	if req.diff {
		return findings, exitClean
	}
	return rep.Remaining, exitClean
}

func plural(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return fmt.Sprintf("%d %s", n, many)
}
