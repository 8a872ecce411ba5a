package staleignore

import (
	_ "embed"
	"fmt"
	"go/token"
	"slices"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/staterootlint/staterootlint/analyzers/adhocroot"
	"github.com/staterootlint/staterootlint/analyzers/blastradius"
	"github.com/staterootlint/staterootlint/analyzers/cwdwrite"
	"github.com/staterootlint/staterootlint/analyzers/internal/report"
	"github.com/staterootlint/staterootlint/analyzers/rootenv"
	"github.com/staterootlint/staterootlint/analyzers/shadowwrite"
	"github.com/staterootlint/staterootlint/analyzers/unproven"
)

//go:embed doc.go
var doc string

// The categories of staleignore's diagnostics.
const (
	CategoryStale   = "stale"   // a directive, or an analyzer in its list, that silences nothing
	CategoryUnknown = "unknown" // a list entry that names no analyzer
)

// Config configures a staleignore analyzer.
type Config struct {
	// Analyzers are the analyzers whose findings directives silence; each
	// must return a *report.Matched. Nil means the suite's: adhocroot,
	// blastradius, cwdwrite, rootenv, shadowwrite and unproven.
	Analyzers []*analysis.Analyzer
	// Filter selects the files whose directives are checked.
	report.Filter
}

// DefaultConfig returns the configuration used when nothing is configured.
func DefaultConfig() Config { return Config{} }

// Analyzer reports //staterootlint:ignore directives that silence nothing.
var Analyzer = New(DefaultConfig())

// New returns a staleignore analyzer with its own flags and state.
func New(cfg Config) *analysis.Analyzer {
	if cfg.Analyzers == nil {
		cfg.Analyzers = []*analysis.Analyzer{adhocroot.Analyzer, blastradius.Analyzer, cwdwrite.Analyzer, rootenv.Analyzer, shadowwrite.Analyzer, unproven.Analyzer}
	}
	cfg.Analyzers = slices.Clone(cfg.Analyzers)
	cfg.Exclude = slices.Clone(cfg.Exclude)
	a := &analysis.Analyzer{
		Name:     "staleignore",
		Doc:      report.AnalyzerDoc(doc, "staleignore"),
		URL:      "https://pkg.go.dev/github.com/staterootlint/staterootlint/analyzers/staleignore",
		Requires: cfg.Analyzers,
	}
	cfg.Filter.Register(&a.Flags)
	a.Run = func(pass *analysis.Pass) (any, error) { return run(pass, &cfg) }
	return a
}

func run(pass *analysis.Pass, cfg *Config) (_ any, err error) {
	var at token.Pos // the directive being checked, for the fault report
	defer report.Recover(pass, &at, &err)
	if err := cfg.Validate(); err != nil {
		return nil, err
	}
	// Which analyzers ran, and which of them met each directive. The
	// requirements are read from pass.Analyzer, not cfg: a driver may run
	// wrapped copies, and hands the pass the original with its own.
	var ran []string
	met := map[token.Pos][]string{}
	for _, req := range pass.Analyzer.Requires {
		m, ok := pass.ResultOf[req].(*report.Matched)
		if !ok {
			continue
		}
		ran = append(ran, req.Name)
		for pos := range m.Directives {
			met[pos] = append(met[pos], req.Name)
		}
	}
	r := cfg.Reporter(pass)
	for _, ig := range r.Ignores() {
		at = ig.Pos
		for _, n := range ig.Unknown {
			r.ReportOnDirective(analysis.Diagnostic{
				Pos:      ig.Pos,
				Category: CategoryUnknown,
				Message:  fmt.Sprintf("unknown analyzer %q in //staterootlint:ignore; valid: %s", n, strings.Join(report.AnalyzerNames(), ", ")),
			})
		}
		if !ig.HasList() {
			if len(met[ig.Pos]) == 0 {
				r.ReportOnDirective(analysis.Diagnostic{
					Pos:      ig.Pos,
					Category: CategoryStale,
					Message:  "//staterootlint:ignore silences nothing: no finding on the line it covers; remove it",
				})
			}
			continue
		}
		var stale []string
		for _, n := range ig.Analyzers {
			if slices.Contains(ran, n) && !slices.Contains(met[ig.Pos], n) {
				stale = append(stale, n)
			}
		}
		list := strings.Join(slices.Concat(ig.Analyzers, ig.Unknown), ",")
		moved := ""
		if slices.Contains(stale, "cwdwrite") && slices.Contains(ran, "shadowwrite") && !slices.Contains(ig.Analyzers, "shadowwrite") {
			// cwdwrite reported writes relative to the working
			// directory until 2026-11-27; shadowwrite alone does now.
			moved = "; a write relative to the working directory is reported by shadowwrite now: list shadowwrite instead"
		}
		switch {
		case len(stale) == 0:
		case len(stale) == len(ig.Analyzers) && len(ig.Unknown) == 0:
			r.ReportOnDirective(analysis.Diagnostic{
				Pos:      ig.Pos,
				Category: CategoryStale,
				Message:  fmt.Sprintf("//staterootlint:ignore %s silences nothing: %s no finding on the line it covers; remove it%s", list, reports(stale), moved),
			})
		default:
			r.ReportOnDirective(analysis.Diagnostic{
				Pos:      ig.Pos,
				Category: CategoryStale,
				Message:  fmt.Sprintf("//staterootlint:ignore %s: %s no finding on the line it covers; remove %s from the list%s", list, reports(stale), strings.Join(stale, ", "), moved),
			})
		}
	}
	return nil, nil
}

// reports says which analyzers report nothing: "cwdwrite reports",
// "cwdwrite and shadowwrite report".
func reports(names []string) string {
	if len(names) == 1 {
		return names[0] + " reports"
	}
	return strings.Join(names[:len(names)-1], ", ") + " and " + names[len(names)-1] + " report"
}
