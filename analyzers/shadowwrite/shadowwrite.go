package shadowwrite

import (
	_ "embed"
	"fmt"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/staterootlint/staterootlint/analyzers/internal/consumer"
	"github.com/staterootlint/staterootlint/analyzers/internal/report"
	"github.com/staterootlint/staterootlint/analyzers/internal/rootflow"
)

//go:embed doc.go
var doc string

// Config configures a shadowwrite analyzer: the engine it reads and what it
// reports.
type Config = consumer.Config

// DefaultConfig returns the configuration used when nothing is configured.
func DefaultConfig() Config { return Config{} }

// Analyzer reports filesystem writes whose path is not derived from a
// state root.
var Analyzer = New(DefaultConfig())

// New returns a shadowwrite analyzer with its own flags and state.
func New(cfg Config) *analysis.Analyzer {
	return consumer.New("shadowwrite", doc, cfg, run)
}

func run(pass *analysis.Pass, res *rootflow.Result, rep *report.Reporter) error {
	decl := declarations(pass)
	for _, f := range res.Findings {
		if f.Origin.InProject() && decl.allows(f.Pos, f.Origin) {
			continue
		}
		rep.Report(analysis.Diagnostic{Pos: f.Pos, Category: consumer.Category(f.Origin), Message: Message(f, pass.Fset.Position(f.Pos).Line)})
	}
	return nil
}

// Message renders a finding: what was seen, where the path came from, and
// what to do instead. line is the finding's own line, so an origin on the
// same line is not repeated.
func Message(f *rootflow.Finding, line int) string {
	origin := f.Origin.Describe()
	if at := f.Origin.At; at.IsValid() && at.Line != line {
		origin += " (" + rootflow.ShortPos(at) + ")"
	}
	if f.Origin.InProject() {
		switch f.Site {
		case rootflow.AtCall:
			return fmt.Sprintf("%s receives %s for a path it writes (%s), outside the state directory; %s", f.Op, origin, chain(f.Reach, 1), projectFix(f.Origin))
		case rootflow.AtStore:
			return fmt.Sprintf("%s is assigned %s, and it is written (%s), outside the state directory; %s", f.Op, origin, chain(f.Reach, 1), projectFix(f.Origin))
		}
		return fmt.Sprintf("%s writes %s, outside the state directory; %s", f.Op, origin, projectFix(f.Origin))
	}
	if f.Origin.Kind != rootflow.Bad {
		origin += fmt.Sprintf(", which the configuration does not allow (-allow-%s)", f.Origin.Kind)
	}
	switch f.Site {
	case rootflow.AtCall:
		return fmt.Sprintf("%s receives %s for a path it writes (%s); pass a path derived from a state root", f.Op, origin, chain(f.Reach, 1))
	case rootflow.AtStore:
		return fmt.Sprintf("%s is assigned %s, and it is written (%s); derive it from a state root", f.Op, origin, chain(f.Reach, 1))
	}
	return fmt.Sprintf("%s writes %s, outside every state root; derive the path from a state-root authority such as stateroots.RepoStateRoot", f.Op, origin)
}

// chain renders the hops from the finding to the write:
// "via save → os.WriteFile at store.go:12", skipping the first skip hops
// (the callee or cell the message already names).
func chain(r rootflow.Req, skip int) string {
	hops := rootflow.HopNames(r.Via)
	if len(hops) >= skip {
		hops = hops[skip:]
	}
	write := r.Op + " at " + rootflow.ShortPos(r.At)
	if len(hops) == 0 {
		return write
	}
	return "via " + strings.Join(append(hops, write), " → ")
}
