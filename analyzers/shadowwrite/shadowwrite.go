package shadowwrite

import (
	_ "embed"
	"fmt"
	"slices"
	"strings"

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
	var found []*rootflow.Finding
	for _, f := range res.Findings {
		if f.Origin.Declarable() && decl.allows(f.Pos, f.Origin) || consumer.Unproven(f.Origin) {
			continue // unproven writes are the unproven analyzer's
		}
		found = append(found, f)
	}
	// One write, one finding: the origins found at one position are
	// listed in one message.
	for _, fs := range consumer.ByPosition(found) {
		var related []analysis.RelatedInformation
		for _, f := range fs {
			related = append(related, chains.Chain(f)...)
		}
		msg := Messages(fs, pass.Fset.Position(fs[0].Pos).Line, func(o rootflow.Origin) string { return consumer.Advice(res.Authorities, o, pass) })
		d := analysis.Diagnostic{Pos: fs[0].Pos, Category: consumer.Category(fs[0].Origin), Message: msg, URL: consumer.KeysURL(pass.Analyzer.URL, fs), Related: related}
		fx.AttachWrites(&d, fs)
		rep.Report(d)
	}
	return nil
}

// Message renders a finding: what was seen, where the path came from, and
// what to do instead; advice names the authority to derive the path from
// (consumer.Advice). line is the finding's own line, so an origin on the
// same line is not repeated.
func Message(f *rootflow.Finding, line int, advice string) string {
	return Messages([]*rootflow.Finding{f}, line, func(rootflow.Origin) string { return advice })
}

// Messages renders the findings at one position (consumer.ByPosition) as
// one message: the write, each origin of its path in turn ("a path from
// the environment variable APP_DATA (x.go:14) or a path under the home
// directory ..."), each reached write where they differ, and the advice,
// each distinct one once.
func Messages(fs []*rootflow.Finding, line int, advice func(rootflow.Origin) string) string {
	f := fs[0]
	var origins, advices, cwds []string
	exe := false
	via := map[string][]string{} // the origins by the write they reach
	var vias []string
	for _, g := range fs {
		o := originText(g.Origin, line)
		origins = appendNew(origins, o)
		v := consumer.Via(g.Reach, 1)
		if _, ok := via[v]; !ok {
			vias = append(vias, v)
		}
		via[v] = appendNew(via[v], o)
		if g.Origin.InProject() {
			advices = appendNew(advices, projectFix(g.Origin))
			continue
		}
		advices = appendNew(advices, advice(g.Origin))
		if pattern, ok := rootflow.CwdPattern(g.Origin); ok {
			cwds = appendNew(cwds, pattern)
		} else if g.Origin.ExeSibling() {
			exe = true
		}
	}
	// reached renders the origins with the write each reaches: "A or B
	// for a path it writes (via ...)", one part per write.
	reached := func(format string) string {
		parts := make([]string, len(vias))
		for i, v := range vias {
			parts[i] = fmt.Sprintf(format, orList(via[v]), v)
		}
		return strings.Join(parts, ", and ")
	}
	if f.Origin.InProject() {
		fix := strings.Join(advices, "; or ")
		switch f.Site {
		case rootflow.AtCall:
			return fmt.Sprintf("%s receives %s, outside the state directory; %s", f.Op, reached("%s for a path it writes (%s)"), fix)
		case rootflow.AtStore:
			return fmt.Sprintf("%s is assigned %s, outside the state directory; %s", f.Op, reached("%s, and it is written (%s)"), fix)
		}
		return fmt.Sprintf("%s writes %s, outside the state directory; %s", f.Op, orList(origins), fix)
	}
	cwd := ""
	if len(cwds) > 0 {
		cwd = cwdFix(strings.Join(cwds, " "))
	}
	if exe {
		cwd += "; if the command replaces the running binary on purpose, declare it on the command with //staterootlint:allow-write exe"
	}
	switch f.Site {
	case rootflow.AtCall:
		return fmt.Sprintf("%s receives %s; pass a path derived from a state root%s", f.Op, reached("%s for a path it writes (%s)"), cwd)
	case rootflow.AtStore:
		return fmt.Sprintf("%s is assigned %s; derive it from a state root%s", f.Op, reached("%s, and it is written (%s)"), cwd)
	}
	return fmt.Sprintf("%s writes %s, outside every state root; derive the path from %s%s", f.Op, orList(origins), mergeAdvice(advices), cwd)
}

// originText describes where a path came from for a message on line:
// with the origin's position when it is on another line, and why an
// allowed kind is reported.
func originText(o rootflow.Origin, line int) string {
	s := o.Describe()
	if at := o.At; at.IsValid() && at.Line != line {
		s += " (" + rootflow.ShortPos(at) + ")"
	}
	if !o.InProject() && o.Kind != rootflow.Bad {
		s += fmt.Sprintf(", which the configuration does not allow (-allow-%s)", o.Kind)
	}
	return s
}

// orList joins alternatives: "a", "a or b", "a, b or c".
func orList(s []string) string {
	if len(s) <= 1 {
		return strings.Join(s, "")
	}
	return strings.Join(s[:len(s)-1], ", ") + " or " + s[len(s)-1]
}

// appendNew appends s to list unless it holds it.
func appendNew(list []string, s string) []string {
	if slices.Contains(list, s) {
		return list
	}
	return append(list, s)
}

// mergeAdvice joins the distinct advices of a write's origins: the
// library's authorities named once ("a state-root authority such as
// stateroots.RepoStateRoot or stateroots.GlobalStateRoot"), else each
// advice in turn.
func mergeAdvice(advices []string) string {
	const lead = "a state-root authority such as "
	var names []string
	for _, a := range advices {
		name, ok := strings.CutPrefix(a, lead)
		if !ok {
			return strings.Join(advices, " or ")
		}
		names = append(names, name)
	}
	return lead + strings.Join(names, " or ")
}
