package blastradius

import (
	_ "embed"
	"fmt"
	"go/types"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/staterootlint/staterootlint/analyzers/internal/consumer"
	"github.com/staterootlint/staterootlint/analyzers/internal/radius"
	"github.com/staterootlint/staterootlint/analyzers/internal/report"
	"github.com/staterootlint/staterootlint/analyzers/internal/rootflow"
)

//go:embed doc.go
var doc string

// Config configures a blastradius analyzer: the engine it reads and what it
// reports.
type Config = consumer.Config

// DefaultConfig returns the configuration used when nothing is configured.
func DefaultConfig() Config { return Config{} }

// Analyzer checks the writes of functions annotated with
// //staterootlint:may-write against their declared radius.
var Analyzer = New(DefaultConfig())

// New returns a blastradius analyzer with its own flags and state.
func New(cfg Config) *analysis.Analyzer {
	return consumer.New("blastradius", doc, cfg, run)
}

func run(pass *analysis.Pass, res *rootflow.Result, rep *report.Reporter) error {
	for fd, args := range report.FuncDirectives(pass.Files, "may-write") {
		ps, err := radius.Parse(args)
		if err != nil {
			rep.Reportf(fd.Name.Pos(), "%v", err)
			continue
		}
		obj, _ := pass.TypesInfo.Defs[fd.Name].(*types.Func)
		if obj == nil {
			continue
		}
		name := fd.Name.Name
		allowed := "nothing (none)"
		if len(ps) > 0 {
			texts := make([]string, len(ps))
			for i, p := range ps {
				texts[i] = p.Text
			}
			allowed = "only " + strings.Join(texts, " ")
		}
		for _, r := range res.Reaches[obj.FullName()] {
			if msg := violation(res, ps, r); msg != "" {
				rep.Reportf(fd.Name.Pos(), "%s may write %s, but %s%s", name, allowed, msg, via(r))
			}
		}
	}
	return nil
}

// violation describes how a reached write leaves the radius, or "".
func violation(res *rootflow.Result, ps []radius.Pattern, r rootflow.Reach) string {
	if r.Op == "" {
		return "it makes " + r.Unproven + " (" + rootflow.ShortPos(r.At) + "), which is unproven"
	}
	for _, a := range res.Concrete(r.Path) {
		switch a.Kind {
		case rootflow.Param:
			return fmt.Sprintf("%s at %s writes a path from a parameter, which is unproven", r.Op, rootflow.ShortPos(r.At))
		case rootflow.Cell:
			return fmt.Sprintf("%s at %s writes a path from a field or variable the analysis cannot resolve, which is unproven", r.Op, rootflow.ShortPos(r.At))
		}
		if !radius.Allows(ps, a) {
			return fmt.Sprintf("it reaches %s of %s at %s", r.Op, describe(a), rootflow.ShortPos(r.At))
		}
	}
	return ""
}

func describe(a rootflow.Origin) string {
	if a.Kind == rootflow.Bad {
		return a.Describe()
	}
	return a.Pattern()
}

// via renders the call chain from the annotated function to the write.
func via(r rootflow.Reach) string {
	if len(r.Chain) == 0 {
		return ""
	}
	return " via " + strings.Join(rootflow.HopNames(r.Chain), " → ")
}
