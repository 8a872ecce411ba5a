// Package consumer builds the analyzers that read the rootflow engine
// (shadowwrite, cwdwrite, blastradius): their configuration, flags,
// wiring, fault recovery and diagnostic categories are the same, so they
// live here once.
package consumer

import (
	"cmp"
	"fmt"
	"go/token"
	"path"
	"slices"
	"strconv"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/staterootlint/staterootlint/analyzers/internal/lattice"
	"github.com/staterootlint/staterootlint/analyzers/internal/report"
	"github.com/staterootlint/staterootlint/analyzers/internal/rootflow"
	"github.com/staterootlint/staterootlint/internal/findingkey"
)

// Config configures an analyzer that reads the rootflow engine.
type Config struct {
	// Engine is the rootflow engine to read; nil means the suite's shared
	// engine, rootflow.Analyzer.
	Engine *analysis.Analyzer
	// Filter selects what is reported: tests, excluded files.
	report.Filter
}

// Run is an analyzer's body: the pass, the engine's result for the
// package, and the reporter that applies the filter and suppressions.
type Run func(pass *analysis.Pass, res *rootflow.Result, rep *report.Reporter) error

// New returns the analyzer name, documented by the "# Analyzer name"
// section of docSrc (its doc.go), with its own copy of cfg and its own
// flags; it requires the engine and the extra analyzers given.
func New(name, docSrc string, cfg Config, run Run, requires ...*analysis.Analyzer) *analysis.Analyzer {
	if cfg.Engine == nil {
		cfg.Engine = rootflow.Analyzer
	}
	cfg.Exclude = slices.Clone(cfg.Exclude)
	a := &analysis.Analyzer{
		Name:       name,
		Doc:        report.AnalyzerDoc(docSrc, name),
		URL:        "https://pkg.go.dev/github.com/staterootlint/staterootlint/analyzers/" + name,
		Requires:   append([]*analysis.Analyzer{cfg.Engine}, requires...),
		ResultType: report.MatchedType,
	}
	cfg.Filter.Register(&a.Flags)
	a.Run = func(pass *analysis.Pass) (_ any, err error) {
		defer report.Recover(pass, nil, &err)
		if err := cfg.Validate(); err != nil {
			return nil, err
		}
		rep := cfg.Reporter(pass)
		if err := run(pass, pass.ResultOf[cfg.Engine].(*rootflow.Result), rep); err != nil {
			return nil, err
		}
		return rep.Matched(), nil
	}
	return a
}

// Category returns the Diagnostic.Category of a finding whose path comes
// from o: the cause of an origin outside every root (literal, cwd, home,
// env, executable, climb, limit, data for a path read from data, or
// unproven for a value the analysis cannot follow), or the kind the configuration does not allow (temp,
// cache, user).
func Category(o rootflow.Origin) string {
	if o.Kind != rootflow.Bad {
		return o.Kind.String()
	}
	if o.Cause == rootflow.CauseUnproven {
		return CategoryUnproven
	}
	return string(o.Cause)
}

// Unproven reports whether a finding on origin o is unproven, not a
// proven shadow write: a value the analysis cannot follow, one it
// stopped following at a bound, or data (Cause.Unproven). shadowwrite
// leaves these to the unproven analyzer.
func Unproven(o rootflow.Origin) bool {
	return o.Kind == rootflow.Bad && o.Cause.Unproven()
}

// CategoryUnproven is the category of a finding on a value the analysis
// cannot follow.
const CategoryUnproven = "unproven"

// Via renders the hops from the finding to the write:
// "via save → os.WriteFile at store.go:12", skipping the first skip hops
// (the callee or cell the message already names), then the other writes
// the requirement stands for: "; also os.Remove at clean.go:8".
func Via(r rootflow.Req, skip int) string {
	hops := lattice.HopNames(r.Via)
	if len(hops) >= skip {
		hops = hops[skip:]
	}
	write := r.Op + " at " + rootflow.ShortPos(r.At)
	also := ""
	if len(r.Also) > 0 {
		writes := make([]string, len(r.Also))
		for i, h := range r.Also {
			writes[i] = h.Name + " at " + rootflow.ShortPos(h.Pos)
		}
		also = "; also " + strings.Join(writes, ", ")
	}
	if len(hops) == 0 {
		return write + also
	}
	return "via " + strings.Join(append(hops, write), " → ") + also
}

// KeyURL returns the URL of a finding on f for the analyzer whose
// documentation is at base: it carries the write operation and the
// origin (internal/findingkey), which baselines key on.
func KeyURL(base string, f *rootflow.Finding) string {
	return findingkey.URL(base, f.Op, OriginKey(f.Origin))
}

// OriginKey renders an origin for a finding's key: its category, then
// what it is, with neither positions nor advice: `env PX_DB_PATH`,
// `home os.UserHomeDir .other/last-task`, `literal "px-debug.log"`,
// `climb repo ..`, `temp temp`.
func OriginKey(o rootflow.Origin) string {
	what := o.Pattern()
	if o.Kind == rootflow.Bad {
		below := lattice.DisplayPath(o.Path)
		switch {
		case o.Lit != "":
			what = strconv.Quote(path.Join(o.Lit, below))
			below = ""
		case o.Src != "":
			what = strings.TrimPrefix(o.Src, "$")
		case o.Root != "":
			what = o.Root
		default:
			what = o.Why
		}
		if below != "" {
			what += " " + below
		}
	}
	return Category(o) + " " + what
}

// Advice names the authority to derive a path from, for a finding in
// pass's package whose path comes from o: the program's own authorities
// (refs, as the engine or the configuration lists them) that the package
// can call and whose root kind fits o (rootflow.SuggestFrom), as "this
// program's authority internal/paths.StateDir (global root)"; else the
// stateroots function of the fitting kind, "a state-root authority such as
// stateroots.GlobalStateRoot". shadowwrite and adhocroot both advise
// through it, so one value gets one advice.
func Advice(refs []rootflow.AuthorityRef, o rootflow.Origin, pass *analysis.Pass) string {
	own := rootflow.SuggestFrom(refs, o, pass.Pkg.Path())
	if len(own) == 0 {
		return "a state-root authority such as " + rootflow.LibraryAuthority(o)
	}
	names := make([]string, len(own))
	for i, a := range own {
		names[i] = fmt.Sprintf("%s (%s root)", shortAuthority(a.Name, pass), a.Kind)
	}
	what := "this program's authority "
	if len(names) > 1 {
		what = "one of this program's authorities "
	}
	return what + strings.Join(names, " or ")
}

// shortAuthority names an authority relative to the module being
// analyzed ("internal/paths.StateDir" for example.com/app/internal/paths),
// in full when it is in another module.
func shortAuthority(name string, pass *analysis.Pass) string {
	if pass.Module == nil || pass.Module.Path == "" {
		return name
	}
	return strings.Replace(name, pass.Module.Path+"/", "", 1)
}

// ByPosition groups findings by the position they are reported at, in
// the order the positions first occur; within a position, by where each
// origin arose, then what it is, then the write it reaches: one write, one
// finding, listing every origin (SPEC §6), in a deterministic order.
func ByPosition(fs []*rootflow.Finding) [][]*rootflow.Finding {
	var out [][]*rootflow.Finding
	at := map[token.Pos]int{}
	for _, f := range fs {
		i, ok := at[f.Pos]
		if !ok {
			i = len(out)
			at[f.Pos] = i
			out = append(out, nil)
		}
		out[i] = append(out[i], f)
	}
	for _, g := range out {
		slices.SortStableFunc(g, func(a, b *rootflow.Finding) int {
			return cmp.Or(lattice.ComparePos(a.Origin.At, b.Origin.At),
				strings.Compare(a.Origin.Describe(), b.Origin.Describe()),
				strings.Compare(Via(a.Reach, 1), Via(b.Reach, 1)))
		})
	}
	return out
}

// KeysURL is KeyURL of the findings at one position (ByPosition): the
// write operation, and their origins' keys, each once, joined by
// OriginSep, so a baseline keeps one entry per write.
func KeysURL(base string, fs []*rootflow.Finding) string {
	var keys []string
	for _, f := range fs {
		if k := OriginKey(f.Origin); !slices.Contains(keys, k) {
			keys = append(keys, k)
		}
	}
	return findingkey.URL(base, fs[0].Op, strings.Join(keys, findingkey.OriginSep))
}

// UnprovenWrites returns the unproven analyzer's findings on res, grouped
// by position (ByPosition): the engine's findings on values the analysis
// cannot follow, at positions where no origin is proven outside every
// root (there the write is shadowwrite's). The inventory lists exactly
// these as unproven.
func UnprovenWrites(res *rootflow.Result) [][]*rootflow.Finding {
	shadow := map[token.Pos]bool{}
	var found []*rootflow.Finding
	for _, f := range res.Findings {
		if Unproven(f.Origin) {
			found = append(found, f)
		} else {
			shadow[f.Pos] = true
		}
	}
	return slices.DeleteFunc(ByPosition(found), func(fs []*rootflow.Finding) bool { return shadow[fs[0].Pos] })
}
