// Package baseline reads, writes and applies staterootlint baselines: the
// findings a codebase had when it adopted the linter, recorded so CI can
// fail on new ones only.
//
// An entry identifies a finding by what the analysis saw, never by where
// or how it advises: the analyzer, the package, the enclosing function,
// the category (the origin's kind: literal, home, env, ...), the origin
// (its kind and what it is: `env PX_DB_PATH`, `literal "px-debug.log"`)
// and the write operation (`os.WriteFile`), as the analyzer recorded them
// (internal/findingkey), not as its message words them. So moving lines,
// rewording a message in a new release, or changing an authority's kind
// (which changes the advice, naming "this program's authority
// paths.StateDir (global root)") leaves the baseline matching. A finding
// whose analyzer records neither origin nor operation (one on a directive,
// a blast-radius violation) is keyed on its observation instead: the
// message without its advice and without the positions it quotes.
//
// Earlier formats are read and matched as they are (migrated on read):
// version 2 keyed every entry on the category and the observation,
// version 1 on the whole message (its observation is cut from it, and it
// matches a finding of any category). Encode writes version 3.
package baseline

import (
	"bytes"
	"cmp"
	"encoding/json"
	"fmt"
	"regexp"
	"slices"
	"strings"
	"sync"

	"github.com/staterootlint/staterootlint/internal/driver"
	"github.com/staterootlint/staterootlint/internal/findingkey"
)

// Version is the format version Encode writes.
const Version = 3

// file is a baseline's JSON shape, versions 1 to 3.
type file struct {
	Version  int     `json:"staterootlint-baseline"`
	Findings []entry `json:"findings"`
}

// entry is one recorded finding, Count times in the function.
type entry struct {
	Analyzer string `json:"analyzer"`
	Package  string `json:"package"`
	Function string `json:"function"`           // "" at package level; "T.M", "(*T).M" for methods
	Category string `json:"category,omitempty"` // versions 2 and 3
	Origin   string `json:"origin,omitempty"`   // version 3
	Op       string `json:"op,omitempty"`       // version 3
	Seen     string `json:"seen,omitempty"`     // version 2; version 3 without origin and op: the observation
	Message  string `json:"message,omitempty"`  // version 1: the message, positions dropped
	Count    int    `json:"count,omitempty"`    // 1 when omitted
}

// Key identifies a finding in a baseline. A Category of "" (an entry
// migrated from version 1) matches any category.
type Key struct {
	Analyzer, Package, Function, Category string
	// Origin and Op are what the finding is about (driver.Finding's), when
	// its analyzer records them.
	Origin, Op string
	// Seen is the finding's observation (Observation of its message), for
	// a finding without Origin and Op and for entries of versions 1 and 2.
	Seen string
}

// KeyOf returns the key of a finding: on its origin and operation when
// its analyzer records them, else on its observation.
func KeyOf(f driver.Finding) Key {
	if f.Origin != "" || f.Op != "" {
		return Key{Analyzer: f.Analyzer, Package: f.Package, Function: f.Func, Category: f.Category, Origin: f.Origin, Op: f.Op}
	}
	return observed(f)
}

// observed returns the key of a finding as versions 1 and 2 recorded it:
// on its category and observation.
func observed(f driver.Finding) Key {
	return Key{Analyzer: f.Analyzer, Package: f.Package, Function: f.Func, Category: f.Category, Seen: Observation(f.Message)}
}

// quotedPos matches the positions messages quote: "store.go:12",
// "store.go:12:3", and since 2026-11-27 "internal/store/store.go:12",
// relative to the module root; an observation keeps the file's base name
// alone, so baselines recorded before keep matching.
var quotedPos = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`(?:[\w.\-]+/)*([\w.\-]+\.go)(:\d+){1,2}`) })

// Observation returns what a message says was seen: the message up to
// its advice, the part after the first "; " outside a quoted value (the
// house style's "what was seen; what to do instead"), without the
// positions it quotes.
func Observation(msg string) string {
	inQuote := false
	for i := 0; i < len(msg); i++ {
		switch c := msg[i]; {
		case inQuote && c == '\\':
			i++ // an escaped character, maybe a quote
		case c == '"':
			inQuote = !inQuote
		case !inQuote && c == ';' && strings.HasPrefix(msg[i:], "; "):
			return quotedPos().ReplaceAllString(msg[:i], "$1")
		}
	}
	return quotedPos().ReplaceAllString(msg, "$1")
}

// Baseline is a read baseline: how many findings each key recorded.
type Baseline struct {
	counts map[Key]int
}

// NotBaselineError is Read's error for a JSON file that is not a
// staterootlint baseline of a version this release reads.
type NotBaselineError struct{ Version int }

func (e *NotBaselineError) Error() string {
	return fmt.Sprintf("not a staterootlint baseline of a version this release reads (version %d, want \"staterootlint-baseline\": 1 to %d)", e.Version, Version)
}

// Read decodes a baseline of version 1, 2 or 3.
func Read(data []byte) (*Baseline, error) {
	var bf file
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&bf); err != nil {
		return nil, err
	}
	if bf.Version < 1 || bf.Version > Version {
		return nil, &NotBaselineError{bf.Version}
	}
	b := &Baseline{counts: map[Key]int{}}
	for i, e := range bf.Findings {
		k := Key{Analyzer: e.Analyzer, Package: e.Package, Function: e.Function, Category: e.Category, Seen: e.Seen}
		switch bf.Version {
		case 1:
			k.Category, k.Seen = "", Observation(e.Message)
		case 3:
			k.Origin, k.Op = e.Origin, e.Op
		}
		if k.Analyzer == "" || k.Seen == "" && k.Origin == "" && k.Op == "" {
			return nil, fmt.Errorf("findings[%d]: no analyzer, or none of origin, op and observation (\"seen\")", i)
		}
		b.counts[k] += max(e.Count, 1)
	}
	return b, nil
}

// Encode returns the baseline that records findings, in the current
// version, sorted so that it diffs well.
func Encode(findings []driver.Finding) ([]byte, error) {
	counts := map[Key]int{}
	for _, f := range findings {
		counts[KeyOf(f)]++
	}
	bf := file{Version: Version, Findings: []entry{}}
	for k, n := range counts {
		e := entry{Analyzer: k.Analyzer, Package: k.Package, Function: k.Function, Category: k.Category, Origin: k.Origin, Op: k.Op, Seen: k.Seen}
		if n > 1 {
			e.Count = n
		}
		bf.Findings = append(bf.Findings, e)
	}
	slices.SortFunc(bf.Findings, func(a, b entry) int {
		return cmp.Or(cmp.Compare(a.Package, b.Package), cmp.Compare(a.Function, b.Function),
			cmp.Compare(a.Analyzer, b.Analyzer), cmp.Compare(a.Category, b.Category), cmp.Compare(a.Origin, b.Origin),
			cmp.Compare(a.Op, b.Op), cmp.Compare(a.Seen, b.Seen))
	})
	data, err := json.MarshalIndent(bf, "", "  ")
	if err != nil {
		return nil, fmt.Errorf("encode baseline: %w", err)
	}
	return append(data, '\n'), nil
}

// Stale is an entry no finding matches any more, Count times.
type Stale struct {
	Key
	Count int
}

// String renders a stale entry for a list: "pkg.Func: what (analyzer)",
// what being the operation and the origin ("os.Create of literal
// \"/var/tmp/px.pid\"") or the observation, with " (N times)" when it is
// more than one.
func (s Stale) String() string {
	where := s.Package
	if s.Function != "" {
		where += "." + s.Function
	}
	what := s.Seen
	switch {
	case s.Op != "" && s.Origin != "":
		what = s.Op + " of " + s.Origin
	case s.Op != "":
		what = s.Op
	case s.Origin != "":
		what = s.Origin
	}
	times := ""
	if s.Count > 1 {
		times = fmt.Sprintf(" (%d times)", s.Count)
	}
	return fmt.Sprintf("%s: %s (%s)%s", where, what, s.Analyzer, times)
}

// Subtract returns the findings b does not record and the entries no
// finding matches, sorted. When a function has more findings with one key
// than b records, the last ones in findings are the new ones.
func (b *Baseline) Subtract(findings []driver.Finding) (fresh []driver.Finding, stale []Stale) {
	left := make(map[Key]int, len(b.counts))
	for k, n := range b.counts {
		left[k] = n
	}
	for _, f := range findings {
		if k, ok := matching(left, f); ok {
			left[k]--
			continue
		}
		if perOrigin(left, f) {
			continue
		}
		fresh = append(fresh, f)
	}
	for k, n := range left {
		if n > 0 {
			stale = append(stale, Stale{k, n})
		}
	}
	slices.SortFunc(stale, func(a, b Stale) int { return strings.Compare(a.String(), b.String()) })
	return fresh, stale
}

// matching returns the key of an entry left that records f: its own key,
// else the keys an earlier version recorded it by (category and
// observation; observation alone for version 1).
func matching(left map[Key]int, f driver.Finding) (Key, bool) {
	old := observed(f)
	anyCategory := old
	anyCategory.Category = ""
	for _, k := range []Key{KeyOf(f), old, anyCategory} {
		if left[k] > 0 {
			return k, true
		}
	}
	return Key{}, false
}

// perOrigin matches a finding listing several origins (one finding per
// write, since 2026-12-07) against the entries a baseline recorded before
// for each of them, one finding per origin: it consumes one of each such
// entry left, and reports whether there was one.
func perOrigin(left map[Key]int, f driver.Finding) bool {
	parts := strings.Split(f.Origin, findingkey.OriginSep)
	if len(parts) < 2 {
		return false
	}
	matched := false
	for _, o := range parts {
		g := f
		g.Origin = o
		g.Category, _, _ = strings.Cut(o, " ")
		if k := KeyOf(g); left[k] > 0 {
			left[k]--
			matched = true
		}
	}
	return matched
}
