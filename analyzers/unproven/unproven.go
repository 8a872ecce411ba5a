package unproven

import (
	_ "embed"
	"fmt"
	"slices"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/staterootlint/staterootlint/analyzers/internal/consumer"
	"github.com/staterootlint/staterootlint/analyzers/internal/report"
	"github.com/staterootlint/staterootlint/analyzers/internal/rootflow"
	"github.com/staterootlint/staterootlint/internal/flagname"
)

//go:embed doc.go
var doc string

// FlagReport is the flag that makes the analyzer report its findings.
const FlagReport = flagname.Report

// Config configures an unproven analyzer: the engine it reads, what it
// reports, and whether it reports at all.
type Config struct {
	consumer.Config
	// Report lists the unproven writes; off, they are only matched
	// against //staterootlint:ignore directives.
	Report bool
}

// DefaultConfig returns the configuration used when nothing is configured:
// unproven writes are not listed.
func DefaultConfig() Config { return Config{} }

// Analyzer lists the writes whose path the analysis cannot prove rooted,
// when its flag -report is set.
var Analyzer = New(DefaultConfig())

// New returns an unproven analyzer with its own flags and state.
func New(cfg Config) *analysis.Analyzer {
	list := cfg.Report
	a := consumer.New("unproven", doc, cfg.Config, func(pass *analysis.Pass, res *rootflow.Result, rep *report.Reporter) error {
		return run(pass, res, rep, list)
	})
	a.Flags.BoolVar(&list, FlagReport, cfg.Report, "report the writes whose path the analysis cannot prove rooted (config key report-unproven)")
	consumer.RegisterChain(&a.Flags)
	return a
}

func run(pass *analysis.Pass, res *rootflow.Result, rep *report.Reporter, list bool) error {
	chains := consumer.NewChains(pass)
	// One write, one finding: where a path may also come from outside
	// every root, shadowwrite's finding lists the write; the unproven
	// origins at one position are listed in one message.
	for _, fs := range consumer.UnprovenWrites(res) {
		var related []analysis.RelatedInformation
		for _, f := range fs {
			related = append(related, chains.Chain(f)...)
		}
		d := analysis.Diagnostic{
			Pos:      fs[0].Pos,
			Category: consumer.Category(fs[0].Origin),
			Message:  Messages(fs, pass.Fset.Position(fs[0].Pos).Line),
			URL:      consumer.KeysURL(pass.Analyzer.URL, fs),
			Related:  related,
		}
		if list {
			rep.Report(d)
		} else {
			rep.Match(d)
		}
	}
	return nil
}

// Message renders an unproven finding: what was seen, why it is not
// proven, and what to do.
func Message(f *rootflow.Finding, line int) string {
	return Messages([]*rootflow.Finding{f}, line)
}

// Messages renders the unproven findings at one position
// (consumer.ByPosition) as one message, each origin in turn.
func Messages(fs []*rootflow.Finding, line int) string {
	f := fs[0]
	var origins []string
	data := false
	for _, g := range fs {
		origin := g.Origin.Describe()
		if at := g.Origin.At; at.IsValid() && at.Line != line {
			origin += " (" + rootflow.ShortPos(at) + ")"
		}
		if !slices.Contains(origins, origin) {
			origins = append(origins, origin)
		}
		data = data || g.Origin.Cause == rootflow.CauseData
	}
	origin := strings.Join(origins, " or ")
	advice := "not proven rooted; derive the path from a state root where it is built, or say why it is fine with //staterootlint:ignore unproven REASON"
	if data {
		advice = "not proven rooted, unproven by design: the path is read from data; keep it below a state root where it is used (os.Root, guard.New), or say why it is fine with //staterootlint:ignore unproven REASON"
	}
	switch f.Site {
	case rootflow.AtCall:
		return fmt.Sprintf("%s receives %s for a path it writes (%s): %s", f.Op, origin, consumer.Via(f.Reach, 1), advice)
	case rootflow.AtStore:
		return fmt.Sprintf("%s is assigned %s, and it is written (%s): %s", f.Op, origin, consumer.Via(f.Reach, 1), advice)
	}
	return fmt.Sprintf("%s writes %s: %s", f.Op, origin, advice)
}
