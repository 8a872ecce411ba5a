package main

import (
	"fmt"

	"github.com/staterootlint/staterootlint/internal/driver"
	"github.com/staterootlint/staterootlint/internal/format"
)

// applyFixes applies the findings' suggested fixes (driver.ApplyFixes)
// and returns the findings left unfixed. It says on stderr how many
// findings have no fix, and which fixes it could not apply and why.
func (c *cli) applyFixes(cwd string, findings []finding) ([]finding, int) {
	rep, err := driver.ApplyFixes(findings)
	if err != nil {
		fmt.Fprintf(c.stderr, "%s: %v\n", progname, err)
		return nil, exitUsage
	}
	summary := fmt.Sprintf("applied %s to %s", plural(rep.Fixed, "fix", "fixes"), plural(rep.Files, "file", "files"))
	if rep.NoFix > 0 {
		summary += fmt.Sprintf("; %s no suggested fix", plural(rep.NoFix, "finding has", "findings have"))
	}
	if len(rep.Failed) > 0 {
		summary += fmt.Sprintf("; could not apply the fix of %s:", plural(len(rep.Failed), "finding", "findings"))
	}
	fmt.Fprintf(c.stderr, "%s: %s\n", progname, summary)
	for _, u := range rep.Failed {
		f := u.Finding
		fmt.Fprintf(c.stderr, "%s:%d:%d: %s (%s): %s\n", format.RelPath(cwd, f.Pos.Filename), f.Pos.Line, f.Pos.Column, f.Message, f.Analyzer, u.Why)
	}
	return rep.Remaining, exitClean
}

func plural(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return fmt.Sprintf("%d %s", n, many)
}
