package main

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"github.com/staterootlint/staterootlint/internal/baseline"
)

// userPath returns p as the program opens it: relative to dir (the -C
// flag as given) when p is relative, so both stay the user's choice.
func userPath(dir, p string) string {
	if p == "" || dir == "" || filepath.IsAbs(p) {
		return p
	}
	return filepath.Join(dir, p)
}

// readBaseline checks the baseline flags and reads --baseline
// (internal/baseline). A missing or malformed baseline is a configuration
// error (78): CI must not pass because a file was renamed.
func (c *cli) readBaseline(req checkRequest) (*baseline.Baseline, int) {
	if req.baseline != "" && req.writeBaseline != "" {
		return nil, c.usageError("--baseline and --write-baseline do not go together: write the new baseline with --write-baseline alone")
	}
	if req.baseline == "" {
		return nil, exitClean
	}
	data, err := os.ReadFile(req.baseline)
	if errors.Is(err, fs.ErrNotExist) {
		fmt.Fprintf(c.stderr, "%s: --baseline %s: no such file; create it with --write-baseline %s\n", progname, req.baseline, req.baseline)
		return nil, exitConfig
	}
	if err != nil {
		fmt.Fprintf(c.stderr, "%s: --baseline: %v\n", progname, err)
		return nil, exitConfig
	}
	base, err := baseline.Read(data)
	if err != nil {
		fmt.Fprintf(c.stderr, "%s: --baseline %s: %v; rewrite it with --write-baseline\n", progname, req.baseline, err)
		return nil, exitConfig
	}
	return base, exitClean
}

// writeBaselineFile records findings in path, replacing it: the way a
// baseline shrinks is by rewriting it once findings are fixed.
func (c *cli) writeBaselineFile(path string, findings []finding) int {
	data, err := baseline.Encode(findings)
	if err == nil {
		err = os.WriteFile(path, data, 0o644)
	}
	if err != nil {
		fmt.Fprintf(c.stderr, "%s: write baseline: %v\n", progname, err)
		return exitUsage
	}
	fmt.Fprintf(c.stderr, "%s: recorded %s in %s; run with --baseline %s to report only new ones\n", progname, plural(len(findings), "finding", "findings"), path, path)
	return exitClean
}

// subtractBaseline returns the findings base does not record and lists,
// on stderr, the entries no finding matches any more.
func (c *cli) subtractBaseline(path string, base *baseline.Baseline, findings []finding) []finding {
	fresh, stale := base.Subtract(findings)
	if len(stale) > 0 {
		lines := make([]string, len(stale))
		for i, s := range stale {
			lines[i] = "  " + s.String()
		}
		verb := "matches"
		if len(stale) > 1 {
			verb = "match"
		}
		fmt.Fprintf(c.stderr, "%s: %s of %s no longer %s a finding (fixed, or changed); shrink it with --write-baseline %s:\n%s\n",
			progname, plural(len(stale), "entry", "entries"), path, verb, path, strings.Join(lines, "\n"))
	}
	return fresh
}
