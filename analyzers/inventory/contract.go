package inventory

import (
	"bufio"
	"bytes"
	"fmt"
	"os"
	"path"
	"path/filepath"
	"slices"
	"strings"
)

// Contract is a contract document: the artifacts a project documents.
type Contract struct {
	// Path is the document's file name, as given to ParseContract.
	Path string
	// Entries are the documented artifacts in document order.
	Entries []Entry
}

// Entry is one documented artifact.
type Entry struct {
	Pattern string // cleaned, see CleanPattern
	Line    int    // 1-based line in the document
}

// ParseContract reads a contract document: a markdown file in which each
// artifact is a list item or a table row that starts with its pattern in
// backticks:
//
//	## Repository state
//	- `repo:logs/*.log` — one log per run; durable
//	| `global:cache/update.json` | the last update check | cache |
//
// The backticked pattern must be the first thing in the item (after the
// bullet or number) or in the row's first cell, so prose lists and tables
// that start otherwise are left alone, as are fenced code blocks. The
// table's header and separator rows start without backticks, so the
// markdown table "staterootlint inventory" prints is a valid contract.
func ParseContract(name string) (Contract, error) {
	src, err := os.ReadFile(name)
	if err != nil {
		return Contract{}, fmt.Errorf("read contract: %w", err)
	}
	return ParseContractText(name, src), nil
}

// ParseContractText parses the contract document src read from name; see
// ParseContract.
func ParseContractText(name string, src []byte) Contract {
	c := Contract{Path: name}
	sc := bufio.NewScanner(bytes.NewReader(src))
	sc.Buffer(nil, 1<<20)
	fence := ""
	for n := 1; sc.Scan(); n++ {
		line := strings.TrimSpace(sc.Text())
		if fence != "" {
			if strings.HasPrefix(line, fence) {
				fence = ""
			}
			continue
		}
		if f := fenceOf(line); f != "" {
			fence = f
			continue
		}
		if p, ok := itemPattern(line); ok {
			c.Entries = append(c.Entries, Entry{Pattern: CleanPattern(p), Line: n})
		}
	}
	return c
}

// fenceOf returns the fence a line opens (``` or ~~~), or "".
func fenceOf(line string) string {
	for _, f := range []string{"```", "~~~"} {
		if strings.HasPrefix(line, f) {
			return f
		}
	}
	return ""
}

// itemPattern returns the backticked pattern a list item or table row
// starts with.
func itemPattern(line string) (string, bool) {
	rest, ok, row := "", false, false
	switch {
	case strings.HasPrefix(line, "|"):
		rest, ok, row = line[1:], true, true
	case len(line) > 1 && strings.ContainsRune("-*+", rune(line[0])) && line[1] == ' ':
		rest, ok = line[2:], true
	default:
		i := 0
		for i < len(line) && line[i] >= '0' && line[i] <= '9' {
			i++
		}
		if i > 0 && i+1 < len(line) && (line[i] == '.' || line[i] == ')') && line[i+1] == ' ' {
			rest, ok = line[i+2:], true
		}
	}
	if !ok {
		return "", false
	}
	rest = strings.TrimSpace(rest)
	if !strings.HasPrefix(rest, "`") {
		return "", false
	}
	// A run of n backticks opens a code span that the next run of n closes.
	n := len(rest) - len(strings.TrimLeft(rest, "`"))
	delim := rest[:n]
	end := strings.Index(rest[n:], delim)
	if end < 0 {
		return "", false
	}
	p := strings.TrimSpace(rest[n : n+end])
	if row {
		// GitHub's tables unescape \| even in code spans.
		p = strings.ReplaceAll(p, `\|`, "|")
	}
	return p, p != ""
}

// CleanPattern returns the canonical spelling of an artifact pattern, the
// form both sides of the contract check are compared in: surrounding
// space trimmed and the path below the root cleaned ("repo:./logs/" is
// "repo:logs", "temp:" is "temp").
func CleanPattern(p string) string {
	p = strings.TrimSpace(p)
	kind, rest, ok := strings.Cut(p, ":")
	if !ok || strings.ContainsAny(kind, " \"") {
		return p
	}
	rest = strings.TrimLeft(rest, "/")
	if rest == "" {
		return kind
	}
	if rest = path.Clean(rest); rest == "." {
		return kind
	}
	return kind + ":" + rest
}

// Problem is a disagreement between the code and the contract document.
type Problem struct {
	// File and Line locate a documented entry; File is empty for an
	// artifact the document lacks (the message says where it is written).
	File    string
	Line    int
	Pattern string
	Message string
}

func (p Problem) String() string {
	if p.File == "" {
		return p.Message
	}
	return fmt.Sprintf("%s:%d: %s", p.File, p.Line, p.Message)
}

// Check compares the artifacts the code writes with the contract document.
// It reports each pattern that is written but not documented, each
// documented pattern that nothing writes any more (stale), and patterns
// documented twice, in that order. Patterns are compared exactly, after
// CleanPattern.
//
// Only artifacts for which Documented is true must be documented: unknown
// and unproven writes are shadow state to fix, not to document, and
// os.DevNull keeps no state. Documenting one is not an error while it is
// written.
func Check(arts []Artifact, c Contract) []Problem {
	doc := filepath.Base(c.Path)
	documented := map[string]int{}
	var probs []Problem
	for _, e := range c.Entries {
		if first, ok := documented[e.Pattern]; ok {
			probs = append(probs, Problem{File: c.Path, Line: e.Line, Pattern: e.Pattern,
				Message: fmt.Sprintf("%s is documented twice (first at line %d); keep one", e.Pattern, first)})
			continue
		}
		documented[e.Pattern] = e.Line
	}
	written := map[string][]Artifact{}
	var order []string
	for _, a := range Merge(arts) {
		p := CleanPattern(a.Pattern)
		if _, ok := written[p]; !ok {
			order = append(order, p)
		}
		written[p] = append(written[p], a)
	}
	var missing []Problem
	for _, p := range order {
		ws := slices.DeleteFunc(slices.Clone(written[p]), func(a Artifact) bool { return !a.Documented() })
		if len(ws) == 0 {
			continue
		}
		if _, ok := documented[p]; ok {
			continue
		}
		w := ws[0]
		more := ""
		if len(ws) > 1 {
			more = fmt.Sprintf(" (and %d more %s)", len(ws)-1, plural(len(ws)-1, "write"))
		}
		missing = append(missing, Problem{Pattern: p,
			Message: fmt.Sprintf("%s written by %s at %s%s is not documented in %s; add it as a list item", p, w.Op, w.At, more, doc)})
	}
	var stale []Problem
	seen := map[string]bool{}
	for _, e := range c.Entries {
		if seen[e.Pattern] {
			continue
		}
		seen[e.Pattern] = true
		if _, ok := written[e.Pattern]; !ok {
			stale = append(stale, Problem{File: c.Path, Line: e.Line, Pattern: e.Pattern,
				Message: fmt.Sprintf("%s is documented but nothing writes it any more; remove it", e.Pattern)})
		}
	}
	return append(append(missing, stale...), probs...)
}

func plural(n int, word string) string {
	if n == 1 {
		return word
	}
	return word + "s"
}
