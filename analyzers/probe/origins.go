package probe

import (
	"cmp"
	"reflect"
	"slices"

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

// PathBase is a path a package builds (with a join, fmt.Sprintf or +) on
// the home or config directory or an environment variable, reduced to
// what init needs: where it is built and the sources it is built on.
// A resolver's every source shows here, where a finding names only the
// one origin it reports.
type PathBase struct {
	// File and Line are where the path is built.
	File string
	Line int
	// Sources are what it is built on, as Candidate sources: "$NAME",
	// "os.UserHomeDir".
	Sources []string
}

// FindingOrigins is what the Origins analyzer returns for a package.
type FindingOrigins struct {
	Findings []FindingOrigin
	// Bases are the paths the package builds on a home-like source or
	// an environment variable (rootflow.Result.Bases), in source order.
	Bases []PathBase
}

// Origins reports, per analyzed package, where the offending origin of
// each of the engine's findings arose, and the paths the package builds on
// the home directory or an environment variable. It reports no
// diagnostics: init collects its results (driver.Options.Collect) from one analysis and
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
		for pos, v := range res.Bases {
			var srcs []string
			for _, a := range v {
				if homeOrEnv(a) && repoDotDir(a) == "" {
					srcs = append(srcs, source(a))
				}
			}
			if len(srcs) == 0 {
				continue
			}
			slices.Sort(srcs)
			at := pass.Fset.Position(pos)
			out.Bases = append(out.Bases, PathBase{File: at.Filename, Line: at.Line, Sources: slices.Compact(srcs)})
		}
		slices.SortFunc(out.Bases, func(a, b PathBase) int {
			return cmp.Or(cmp.Compare(a.File, b.File), cmp.Compare(a.Line, b.Line))
		})
		if len(out.Findings) == 0 && len(out.Bases) == 0 {
			return (*FindingOrigins)(nil), nil
		}
		return out, nil
	},
}
