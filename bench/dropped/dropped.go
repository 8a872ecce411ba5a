package main

import (
	"cmp"
	"fmt"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/staterootlint/staterootlint/analyzers/inventory"
	"github.com/staterootlint/staterootlint/analyzers/probe"
	"github.com/staterootlint/staterootlint/internal/format"
)

// Verdicts of one write outside every root.
const (
	Reported = "reported" // a finding of an analyzer other than unproven is tied to it
	Unproven = "unproven" // only unproven findings are: the stderr count has it
	Ignored  = "ignored"  // a //staterootlint:ignore or //nolint directive, or an excluded file, silences it
	// Allowed: explain calls every origin outside the roots that reaches
	// the write allowed (a rule the inventory does not apply, such as
	// MkdirAll of a directory that exists); no finding is due, and the
	// inventory disagrees with the linter.
	Allowed = "allowed"
	// InventoryOnly: explain shows no origin outside the roots for the
	// write, at the write or at a call or store that reaches it (or has
	// no result for it: a write in a dependency), and no finding names
	// it; the inventory alone calls it outside.
	InventoryOnly = "inventory only"
	Dropped       = "dropped" // none of these: the write is silent
)

// Write is one write the inventory lists outside every root: an
// artifact of kind unknown, by operation and place.
type Write struct {
	Op string // "os.WriteFile"
	At string // "internal/x/x.go:12", relative to its module's root
	// Patterns and Details are the rows' patterns and where each path
	// comes from, Funcs the functions that make them concrete, and
	// Callees the functions those call on the way to the write (the
	// first of each row's chain).
	Patterns, Details, Funcs, Callees []string
}

// Key is how findings and explain name the write: "os.WriteFile at x.go:12".
func (w *Write) Key() string { return w.Op + " at " + w.At }

// OutsideWrites returns the writes of the inventory's artifacts that are
// outside every root (kind unknown: what shadowwrite is to report), one
// per operation and place, sorted by place.
func OutsideWrites(arts []inventory.Artifact) []*Write {
	byKey := map[string]*Write{}
	var out []*Write
	for _, a := range arts {
		if a.Kind != inventory.KindUnknown || a.Command != "" || a.Op == "" {
			continue
		}
		w := byKey[a.Op+" at "+a.At]
		if w == nil {
			w = &Write{Op: a.Op, At: a.At}
			byKey[w.Key()] = w
			out = append(out, w)
		}
		w.Patterns = appendNew(w.Patterns, a.Pattern)
		w.Details = appendNew(w.Details, a.Detail)
		w.Funcs = appendNew(w.Funcs, a.Func)
		if len(a.Chain) > 0 {
			w.Callees = appendNew(w.Callees, a.Chain[0])
		}
	}
	slices.SortFunc(out, func(a, b *Write) int { return cmp.Or(comparePos(a.At, b.At), cmp.Compare(a.Op, b.Op)) })
	return out
}

func appendNew(list []string, s string) []string {
	if s == "" || slices.Contains(list, s) {
		return list
	}
	return append(list, s)
}

// comparePos orders "file:line" places by file, then line as a number.
func comparePos(a, b string) int {
	fa, la := splitPos(a)
	fb, lb := splitPos(b)
	return cmp.Or(cmp.Compare(fa, fb), cmp.Compare(la, lb))
}

func splitPos(p string) (string, int) {
	i := strings.LastIndexByte(p, ':')
	if i < 0 {
		return p, 0
	}
	n, _ := strconv.Atoi(p[i+1:])
	return p[:i], n
}

// Places turns absolute file names into the short places the inventory
// and the engine print: relative to the analyzed module's directory when
// inside it, else relative to the root of the module that holds the file
// in the module cache (the part after "module@version/").
type Places struct {
	Dir string // the analyzed module's directory, absolute
}

// Short returns file:line as the inventory prints it.
func (p Places) Short(file string, line int) string {
	return p.ShortFile(file) + ":" + strconv.Itoa(line)
}

// ShortFile returns file as the inventory prints it.
func (p Places) ShortFile(file string) string {
	file = filepath.Clean(file)
	if rel, err := filepath.Rel(p.Dir, file); err == nil && filepath.IsLocal(rel) {
		return filepath.ToSlash(rel)
	}
	segs := strings.Split(filepath.ToSlash(file), "/")
	for i := len(segs) - 1; i >= 0; i-- {
		if strings.Contains(segs[i], "@") && i < len(segs)-1 {
			return strings.Join(segs[i+1:], "/")
		}
	}
	return filepath.Base(file)
}

// Site is a place the engine explains (a write, a call passed a path it
// writes, a store into a field that is written) with the origins it
// calls outside every root.
type Site struct {
	At      string   // the site's place, "x.go:12"
	Kind    string   // "write", "call" or "store"
	Op      string   // the write, the function called or the field stored into
	Reaches string   // for a call or store: the write it reaches, "os.WriteFile at y.go:3"
	Outside []Origin // origins neither rooted nor allowed
	// AllowedOutside are the origins explain calls outside and allowed.
	AllowedOutside []Origin
	// Others are the site's other origins, "parameter: parameter p of f".
	Others []string
}

// Origin is one origin outside every root, as explain shows it.
type Origin struct {
	What string
	At   string // where it arose, "x.go:10"; "" when explain does not say
	Why  string // why explain allows it, or does not
}

// SitesFrom keeps, of the sites explain found on one line of file, what
// the comparison needs: the outside origins of each.
func SitesFrom(places Places, file string, sites []probe.Site) []Site {
	var out []Site
	for _, s := range sites {
		site := Site{At: places.Short(file, s.Line), Kind: s.Kind, Op: s.Op, Reaches: s.Reaches}
		for _, o := range s.Origins {
			switch {
			case o.Pattern != "outside":
				site.Others = appendNew(site.Others, o.Pattern+": "+o.What)
			case o.Allowed:
				site.AllowedOutside = append(site.AllowedOutside, Origin{What: o.What, At: o.At, Why: o.Why})
			default:
				site.Outside = append(site.Outside, Origin{What: o.What, At: o.At, Why: o.Why})
			}
		}
		out = append(out, site)
	}
	return out
}

// Explainer returns the sites the engine explains for a write: its own
// write site, every call or store site whose path reaches it (the engine
// names one write per site), and every call of one of the write's
// Callees.
type Explainer interface {
	SitesFor(w *Write) []Site
}

// Directives says which places a //staterootlint:ignore or //nolint
// directive, or the configuration's exclude list, silences.
type Directives interface {
	Silenced(at string) (why string, ok bool)
}

// Outcome is the verdict on one write and what it rests on.
type Outcome struct {
	Write   *Write
	Verdict string
	Why     string // the finding, directive or explanation the verdict rests on
}

// Classify decides each write's verdict. A write is tied to a finding
// (any analyzer) whose place, or a step of whose chain, is the write,
// whose message names the write its path reaches ("→ os.OpenFile at
// x.go:10", a finding where the path enters a field), or
// is where the engine says one of the write's outside paths enters (an
// outside origin of the write, or a call or store site that reaches the
// write, or calls one of its Callees, and has an outside origin, or that
// origin): one such finding is enough, so a write with two outside
// origins, one of them silent, is not caught. A finding of
// shadowwrite, cwdwrite or any other analyzer makes it reported; only
// unproven ones make it unproven (the stderr count). Otherwise a
// directive or an excluded file on one of those places makes it ignored,
// and a write with none of these is dropped. ex is consulted only for
// writes no finding names directly (nil: none is).
func Classify(writes []*Write, findings []format.Diagnostic, places Places, ex Explainer, dirs Directives) []Outcome {
	byPlace := map[string][]format.Diagnostic{}
	for _, f := range findings {
		seen := map[string]bool{}
		add := func(at string) {
			if !seen[at] {
				seen[at] = true
				byPlace[at] = append(byPlace[at], f)
			}
		}
		add(places.Short(f.File, f.Line))
		for _, s := range f.Chain {
			add(places.Short(s.File, s.Line))
		}
		// A finding reported where the path enters (a store into a
		// field, a call) names the write it reaches in its message:
		// "(via field T.Dir → os.OpenFile at x.go:10)".
		for _, at := range namedWrites(f.Message) {
			add(at)
		}
	}
	var out []Outcome
	for _, w := range writes {
		if o, ok := tied(w, byPlace[w.At], "the finding names the write"); ok {
			out = append(out, o)
			continue
		}
		var sites []Site
		if ex != nil {
			sites = ex.SitesFor(w)
		}
		var entries []string // places where an outside path enters
		for _, s := range sites {
			if len(s.Outside) == 0 {
				continue
			}
			if s.Kind != "write" {
				entries = appendNew(entries, s.At)
			}
			for _, o := range s.Outside {
				if o.At != "" {
					entries = appendNew(entries, o.At)
				}
			}
		}
		decided := false
		for _, at := range entries {
			if o, ok := tied(w, byPlace[at], "at "+at+", where an outside path enters"); ok {
				out = append(out, o)
				decided = true
				break
			}
		}
		if decided {
			continue
		}
		for _, at := range append([]string{w.At}, entries...) {
			if why, ok := dirs.Silenced(at); ok {
				out = append(out, Outcome{Write: w, Verdict: Ignored, Why: why})
				decided = true
				break
			}
		}
		if decided {
			continue
		}
		if why, ok := allowedOnly(sites); ok {
			out = append(out, Outcome{Write: w, Verdict: Allowed, Why: why})
			continue
		}
		if why, ok := describe(sites); ok {
			out = append(out, Outcome{Write: w, Verdict: Dropped, Why: why})
		} else {
			out = append(out, Outcome{Write: w, Verdict: InventoryOnly, Why: why})
		}
	}
	return out
}

// tied returns the verdict the findings at one place give w: reported
// if one is not unproven's, unproven if all are; ok is false for none.
// namedWrites returns the places of the writes a finding's message names
// as "OP at FILE:LINE": the write its path reaches.
func namedWrites(msg string) []string {
	var out []string
	for _, m := range writeInMessage.FindAllStringSubmatch(msg, -1) {
		out = append(out, m[1])
	}
	return out
}

// writeInMessage matches "… at FILE:LINE" after an operation in a
// finding's message.
var writeInMessage = regexp.MustCompile(`\S+ at ([^\s():]+\.go:\d+)`)

func tied(w *Write, fs []format.Diagnostic, where string) (Outcome, bool) {
	if len(fs) == 0 {
		return Outcome{}, false
	}
	for _, f := range fs {
		if f.Analyzer != "unproven" {
			return Outcome{Write: w, Verdict: Reported, Why: fmt.Sprintf("%s (%s)", where, f.Analyzer)}, true
		}
	}
	return Outcome{Write: w, Verdict: Unproven, Why: where + " (unproven)"}, true
}

// allowedOnly reports whether explain calls outside only origins it
// allows, at least one, and says which.
func allowedOnly(sites []Site) (string, bool) {
	var parts []string
	for _, s := range sites {
		if len(s.Outside) > 0 {
			return "", false
		}
		for _, o := range s.AllowedOutside {
			parts = appendNew(parts, fmt.Sprintf("%s %s: %s: %s", s.Kind, s.At, o.What, o.Why))
		}
	}
	return strings.Join(parts, " | "), len(parts) > 0
}

// describe says what explain showed for a write nothing reports; outside
// is false when it showed no origin outside the roots.
func describe(sites []Site) (why string, outside bool) {
	if len(sites) == 0 {
		return "explain has no site for it (nor for a call reaching it)", false
	}
	var parts []string
	for _, s := range sites {
		if len(s.Outside) == 0 {
			continue
		}
		var os []string
		for _, o := range s.Outside {
			if o.At != "" {
				os = append(os, fmt.Sprintf("%s (%s)", o.What, o.At))
			} else {
				os = append(os, o.What)
			}
		}
		parts = append(parts, fmt.Sprintf("%s %s: outside: %s", s.Kind, s.At, strings.Join(os, "; ")))
	}
	if len(parts) == 0 {
		why := "explain shows no origin outside the roots, at the write or at a call or store that reaches it"
		for _, s := range sites {
			if s.Kind == "write" && len(s.Others) > 0 {
				why += "; the write's origins: " + strings.Join(s.Others, ", ")
			}
		}
		return why, false
	}
	return strings.Join(parts, " | "), true
}

// Counts are the figures of one program.
type Counts struct {
	Outside, Reported, Unproven, Ignored, Allowed, InventoryOnly, Dropped int
}

// Count tallies the outcomes.
func Count(outs []Outcome) Counts {
	c := Counts{Outside: len(outs)}
	for _, o := range outs {
		switch o.Verdict {
		case Reported:
			c.Reported++
		case Unproven:
			c.Unproven++
		case Ignored:
			c.Ignored++
		case Allowed:
			c.Allowed++
		case InventoryOnly:
			c.InventoryOnly++
		case Dropped:
			c.Dropped++
		}
	}
	return c
}
