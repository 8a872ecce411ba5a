package main

import (
	"bytes"
	"cmp"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
)

// A baseline records the findings a codebase had when it adopted the
// linter, so CI can fail on new ones only. Entries are matched by
// analyzer, package, enclosing function and message, never by line or
// column, so edits elsewhere in a file do not break the match; positions
// the message quotes ("(store.go:12)") are dropped for the same reason.

// baselineVersion is the format version written in every baseline file.
const baselineVersion = 1

// baselineFile is the baseline's JSON shape.
type baselineFile struct {
	Version  int             `json:"staterootlint-baseline"`
	Findings []baselineEntry `json:"findings"`
}

// baselineEntry is one recorded finding, Count times in the function.
type baselineEntry struct {
	Analyzer string `json:"analyzer"`
	Package  string `json:"package"`
	Function string `json:"function"` // "" at package level; "T.M", "(*T).M" for methods
	Message  string `json:"message"`
	Count    int    `json:"count,omitempty"` // 1 when omitted
}

type baselineKey struct{ analyzer, pkg, fn, msg string }

func (e baselineEntry) key() baselineKey {
	return baselineKey{e.Analyzer, e.Package, e.Function, e.Message}
}

// quotedPos matches the positions messages quote, "store.go:12".
var quotedPos = regexp.MustCompile(`(\.go):\d+`)

// baselineMessage is a message without the line numbers it quotes.
func baselineMessage(msg string) string { return quotedPos.ReplaceAllString(msg, "$1") }

func keyOf(f finding) baselineKey {
	return baselineKey{f.Analyzer, f.Package, f.Func, baselineMessage(f.Message)}
}

// userPath returns p as the program opens it: relative to dir (the -C
// flag as given) when p is relative, so both stay the user's choice.
func userPath(dir, p string) string {
	if p == "" || dir == "" || filepath.IsAbs(p) {
		return p
	}
	return filepath.Join(dir, p)
}

// readBaseline checks the baseline flags and reads --baseline. A missing
// or malformed baseline is a configuration error (78): CI must not pass
// because a file was renamed.
func (c *cli) readBaseline(req checkRequest) (map[baselineKey]int, int) {
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
	var bf baselineFile
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&bf); err != nil {
		fmt.Fprintf(c.stderr, "%s: --baseline %s: %v; rewrite it with --write-baseline\n", progname, req.baseline, err)
		return nil, exitConfig
	}
	if bf.Version != baselineVersion {
		fmt.Fprintf(c.stderr, "%s: --baseline %s: not a staterootlint baseline (version %d, want \"staterootlint-baseline\": %d); rewrite it with --write-baseline\n", progname, req.baseline, bf.Version, baselineVersion)
		return nil, exitConfig
	}
	base := map[baselineKey]int{}
	for _, e := range bf.Findings {
		base[e.key()] += max(e.Count, 1)
	}
	return base, exitClean
}

// writeBaselineFile records findings in path, replacing it: the way a
// baseline shrinks is by rewriting it once findings are fixed.
func (c *cli) writeBaselineFile(path string, findings []finding) int {
	counts := map[baselineKey]int{}
	for _, f := range findings {
		counts[keyOf(f)]++
	}
	bf := baselineFile{Version: baselineVersion, Findings: []baselineEntry{}}
	for k, n := range counts {
		e := baselineEntry{Analyzer: k.analyzer, Package: k.pkg, Function: k.fn, Message: k.msg}
		if n > 1 {
			e.Count = n
		}
		bf.Findings = append(bf.Findings, e)
	}
	slices.SortFunc(bf.Findings, func(a, b baselineEntry) int {
		return cmp.Or(cmp.Compare(a.Package, b.Package), cmp.Compare(a.Function, b.Function),
			cmp.Compare(a.Analyzer, b.Analyzer), cmp.Compare(a.Message, b.Message))
	})
	data, err := json.MarshalIndent(bf, "", "  ")
	if err != nil {
		fmt.Fprintf(c.stderr, "%s: encode baseline: %v\n", progname, err)
		return exitUsage
	}
	if err := os.WriteFile(path, append(data, '\n'), 0o644); err != nil {
		fmt.Fprintf(c.stderr, "%s: write baseline: %v\n", progname, err)
		return exitUsage
	}
	fmt.Fprintf(c.stderr, "%s: recorded %s in %s; run with --baseline %s to report only new ones\n", progname, plural(len(findings), "finding", "findings"), path, path)
	return exitClean
}

// subtractBaseline returns the findings the baseline does not record and
// lists, on stderr, the entries no finding matches any more. When a
// function has more findings with one message than the baseline records,
// the last ones in the file are the new ones.
func (c *cli) subtractBaseline(path string, base map[baselineKey]int, findings []finding) []finding {
	left := make(map[baselineKey]int, len(base))
	for k, n := range base {
		left[k] = n
	}
	var out []finding
	for _, f := range findings {
		k := keyOf(f)
		if left[k] > 0 {
			left[k]--
			continue
		}
		out = append(out, f)
	}
	var stale []string
	for k, n := range left {
		if n == 0 {
			continue
		}
		where := k.pkg
		if k.fn != "" {
			where += "." + k.fn
		}
		times := ""
		if n > 1 {
			times = fmt.Sprintf(" (%d times)", n)
		}
		stale = append(stale, fmt.Sprintf("  %s: %s (%s)%s", where, k.msg, k.analyzer, times))
	}
	if len(stale) > 0 {
		slices.Sort(stale)
		verb := "matches"
		if len(stale) > 1 {
			verb = "match"
		}
		fmt.Fprintf(c.stderr, "%s: %s of %s no longer %s a finding (fixed, or changed); shrink it with --write-baseline %s:\n%s\n",
			progname, plural(len(stale), "entry", "entries"), path, verb, path, strings.Join(stale, "\n"))
	}
	return out
}
