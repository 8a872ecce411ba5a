package probe

import (
	"reflect"

	"golang.org/x/tools/go/analysis"

	"github.com/staterootlint/staterootlint/analyzers/internal/rootflow"
)

// FindingOrigin is one of the engine's findings, reduced to what init
// needs to say which resolver a finding passes through: where it is
// reported, and where its offending origin arose.
type FindingOrigin struct {
	// Pos is where the finding is reported, "/abs/file.go:12:3".
	Pos string
	// File and Line are where the origin arose (the os.UserHomeDir or
	// os.Getenv call, the literal): inside the innermost function the
	// value passes through. File is "" when the engine does not know.
	File string
	Line int
	// Cause and Src are the origin's ("home", "os.UserHomeDir";
	// "env", "$APP_HOME").
	Cause, Src string
	// Path is the pattern below the origin ("" when the origin itself is
	// written: an environment variable naming the file).
	Path string
	// Lit is the literal the path starts with, if any, and Rel says it
	// is relative to the working directory.
	Lit string
	Rel bool
}

// FindingOrigins is what the Origins analyzer returns for a package.
type FindingOrigins struct {
	Findings []FindingOrigin
}

// Origins reports, per analyzed package, where the offending origin of
// each of the engine's findings arose. It reports no diagnostics: init
// collects its results (driver.Options.Collect) from one analysis and
// attributes each finding to the candidate authority whose body holds
// that origin, instead of analyzing once per candidate.
var Origins = &analysis.Analyzer{
	Name:       "initorigins",
	Doc:        "where the offending origin of each of the engine's findings arose (for staterootlint init)",
	Requires:   []*analysis.Analyzer{rootflow.Analyzer},
	ResultType: reflect.TypeOf((*FindingOrigins)(nil)),
	Run: func(pass *analysis.Pass) (any, error) {
		res, _ := pass.ResultOf[rootflow.Analyzer].(*rootflow.Result)
		if res == nil {
			return (*FindingOrigins)(nil), nil
		}
		out := &FindingOrigins{}
		for _, f := range res.Findings {
			if f.Origin.Kind != rootflow.Bad {
				continue
			}
			out.Findings = append(out.Findings, FindingOrigin{
				Pos:   pass.Fset.Position(f.Pos).String(),
				File:  f.Origin.At.Filename,
				Line:  f.Origin.At.Line,
				Cause: string(f.Origin.Cause),
				Src:   f.Origin.Src,
				Path:  f.Origin.Path,
				Lit:   f.Origin.Lit,
				Rel:   f.Origin.Rel,
			})
		}
		if len(out.Findings) == 0 {
			return (*FindingOrigins)(nil), nil
		}
		return out, nil
	},
}
