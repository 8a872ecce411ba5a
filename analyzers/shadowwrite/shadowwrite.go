package shadowwrite

import (
	_ "embed"
	"fmt"

	"golang.org/x/tools/go/analysis"

	"github.com/staterootlint/staterootlint/analyzers/internal/consumer"
	"github.com/staterootlint/staterootlint/analyzers/internal/fixes"
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
	a := consumer.New("shadowwrite", doc, cfg, run)
	consumer.RegisterChain(&a.Flags)
	return a
}

func run(pass *analysis.Pass, res *rootflow.Result, rep *report.Reporter) error {
	decl := declarations(pass)
	chains := consumer.NewChains(pass)
	fx := fixes.New(pass, res.Bases, res.Authorities, res.Config.StateDir)
	for _, f := range res.Findings {
		if f.Origin.Declarable() && decl.allows(f.Pos, f.Origin) || consumer.Unproven(f.Origin) {
			continue // unproven writes are the unproven analyzer's
		}
		msg := Message(f, pass.Fset.Position(f.Pos).Line, consumer.Advice(res.Authorities, f.Origin, pass))
		d := analysis.Diagnostic{Pos: f.Pos, Category: consumer.Category(f.Origin), Message: msg, URL: consumer.KeyURL(pass.Analyzer.URL, f), Related: chains.Chain(f)}
		fx.AttachWrite(&d, f)
		rep.Report(d)
	}
	return nil
}

// Message renders a finding: what was seen, where the path came from, and
// what to do instead; advice names the authority to derive the path from
// (consumer.Advice). line is the finding's own line, so an origin on the
// same line is not repeated.
func Message(f *rootflow.Finding, line int, advice string) string {
	origin := f.Origin.Describe()
	if at := f.Origin.At; at.IsValid() && at.Line != line {
		origin += " (" + rootflow.ShortPos(at) + ")"
	}
	if f.Origin.InProject() {
		switch f.Site {
		case rootflow.AtCall:
			return fmt.Sprintf("%s receives %s for a path it writes (%s), outside the state directory; %s", f.Op, origin, consumer.Via(f.Reach, 1), projectFix(f.Origin))
		case rootflow.AtStore:
			return fmt.Sprintf("%s is assigned %s, and it is written (%s), outside the state directory; %s", f.Op, origin, consumer.Via(f.Reach, 1), projectFix(f.Origin))
		}
		return fmt.Sprintf("%s writes %s, outside the state directory; %s", f.Op, origin, projectFix(f.Origin))
	}
	if f.Origin.Kind != rootflow.Bad {
		origin += fmt.Sprintf(", which the configuration does not allow (-allow-%s)", f.Origin.Kind)
	}
	cwd := ""
	if pattern, ok := rootflow.CwdPattern(f.Origin); ok {
		cwd = cwdFix(pattern)
	} else if f.Origin.ExeSibling() {
		cwd = "; if the command replaces the running binary on purpose, declare it on the command with //staterootlint:allow-write exe"
	}
	switch f.Site {
	case rootflow.AtCall:
		return fmt.Sprintf("%s receives %s for a path it writes (%s); pass a path derived from a state root%s", f.Op, origin, consumer.Via(f.Reach, 1), cwd)
	case rootflow.AtStore:
		return fmt.Sprintf("%s is assigned %s, and it is written (%s); derive it from a state root%s", f.Op, origin, consumer.Via(f.Reach, 1), cwd)
	}
	return fmt.Sprintf("%s writes %s, outside every state root; derive the path from %s%s", f.Op, origin, advice, cwd)
}
