package probe

import (
	"cmp"
	"go/types"
	"reflect"
	"slices"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/types/objectpath"

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
	// Pkg is the path of the package the finding is reported in.
	Pkg string
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
	// Others are the value's later offending origins, in the engine's
	// order: a value from the environment or the home directory names
	// both, and its first may arise in no resolver (an override read
	// beside the call of a library's resolver that supplies the rest).
	Others []FindingOrigin
	// Through are the cells the finding's requirement passes between
	// the value and its write, as the chain names them ("field
	// cmd.Config.DataDir"), the write's nearest last: where no origin
	// arises in a resolver nor is stored into a cell (an environment map
	// read by a helper that takes it), the cell the path is kept in is
	// what an authority can declare.
	Through []string
	// Write is where the write the finding reaches is, when the finding
	// is reported elsewhere (at a store into a cell that is written, at
	// a call passing the path on), as "/abs/file.go:12:3"; "" otherwise.
	Write string
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
	// "os.UserHomeDir"; for a path built on a dot-name relative to the
	// working directory (rootflow.Result.DotPaths), "<repo>/.name".
	Sources []string
	// Lits are, for such a path, its literal and the pattern below it
	// ({".", ".apprc"}): a finding's origin with no position is matched
	// by them.
	Lits [][2]string
}

// UsedFunc is a function or method of another package that a package
// refers to and that returns a string or a []string: what the program
// calls, named as the configuration names it. A dependency's facts name
// their objects by objectpath; this maps one to the other.
type UsedFunc struct {
	// By is the path of the package that refers to it.
	By string
	// Pkg and Object are the package path and objectpath of the function.
	Pkg, Object string
	// Name is its configuration name: "pkg.F", "(*pkg.T).M".
	Name string
}

// FindingOrigins is what the Origins analyzer returns for a package.
type FindingOrigins struct {
	Findings []FindingOrigin
	// Bases are the paths the package builds on a home-like source or
	// an environment variable (rootflow.Result.Bases), in source order.
	Bases []PathBase
	// Uses are the functions and methods of other packages the package
	// refers to that return a string or []string, sorted by name.
	Uses []UsedFunc
	// CwdFiles are the fixed names the package writes relative to the
	// working directory (cwdfiles.go).
	CwdFiles []CwdFile
	// Below are the names the package's writes join below a package
	// variable or field (bases.go).
	Below []NameBelow
	// Passed are the constant names the package passes to functions of
	// other modules (bases.go).
	Passed []NamePassed
	// Beside are, for each finding at a write or a store, every origin
	// of the value reported that is the home directory or an
	// environment variable, the offending one or not (envbases.go): a
	// finding names one origin, where a list of places holds the
	// program's override, its name below an XDG base and a library's
	// directories together.
	Beside []FindingOrigin
	// FlagCells are the package's variables and fields a command-line
	// flag is bound to that it also stores the home directory into
	// (flagcells.go).
	FlagCells []FlagCell
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
		for _, group := range checkedValues(res.Findings) {
			var o FindingOrigin
			for i, f := range group {
				at := FindingOrigin{
					Pos:   pass.Fset.Position(f.Pos).String(),
					Pkg:   pass.Pkg.Path(),
					File:  f.Origin.At.Filename,
					Line:  f.Origin.At.Line,
					Cause: string(f.Origin.Cause),
					Src:   f.Origin.Src,
					Path:  f.Origin.Path,
					Lit:   f.Origin.Lit,
					Rel:   f.Origin.Rel,
				}
				if i == 0 {
					if f.Reach.At.IsValid() {
						at.Write = f.Reach.At.String()
					}
					for _, h := range f.Reach.Via {
						if strings.HasPrefix(h.Name, "field ") || strings.HasPrefix(h.Name, "variable ") {
							at.Through = append(at.Through, h.Name)
						}
					}
					o = at
				} else {
					o.Others = append(o.Others, at)
				}
			}
			out.Findings = append(out.Findings, o)
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
		for pos, v := range res.DotPaths {
			var srcs []string
			var lits [][2]string
			for _, a := range v {
				if d := repoDotDir(a); d != "" {
					srcs = append(srcs, "<repo>/"+d)
					lits = append(lits, [2]string{a.Lit, a.Path})
				}
			}
			if len(srcs) > 0 {
				at := pass.Fset.Position(pos)
				out.Bases = append(out.Bases, PathBase{File: at.Filename, Line: at.Line, Sources: srcs, Lits: lits})
			}
		}
		slices.SortFunc(out.Bases, func(a, b PathBase) int {
			return cmp.Or(cmp.Compare(a.File, b.File), cmp.Compare(a.Line, b.Line))
		})
		if len(out.Findings) > 0 {
			out.Uses = usedFuncs(pass)
			out.CwdFiles = cwdFiles(pass, res)
			out.Below = namesBelowCells(res)
			out.Passed = namesPassed(pass)
			out.Beside = besideOrigins(pass, res)
		}
		out.FlagCells = flagCells(pass, res)
		if len(out.Findings) == 0 && len(out.Bases) == 0 && len(out.FlagCells) == 0 {
			return (*FindingOrigins)(nil), nil
		}
		return out, nil
	},
}

// usedFuncs returns the functions and methods of other packages that
// pass's package refers to and that return a string or a []string, by
// configuration name. Interface methods are left out: a configuration
// names a declaration.
func usedFuncs(pass *analysis.Pass) []UsedFunc {
	var enc objectpath.Encoder
	seen := map[*types.Func]bool{}
	var out []UsedFunc
	for _, obj := range pass.TypesInfo.Uses {
		fn, ok := obj.(*types.Func)
		if !ok || fn.Pkg() == nil || fn.Pkg() == pass.Pkg {
			continue
		}
		fn = fn.Origin()
		if seen[fn] {
			continue
		}
		seen[fn] = true
		sig := fn.Type().(*types.Signature)
		if !returnsText(sig) {
			continue
		}
		name := fn.Pkg().Path() + "." + fn.Name()
		if recv := sig.Recv(); recv != nil {
			t, ptr := recv.Type(), false
			if p, ok := t.(*types.Pointer); ok {
				t, ptr = p.Elem(), true
			}
			named, ok := t.(*types.Named)
			if !ok || types.IsInterface(named) {
				continue
			}
			star := ""
			if ptr {
				star = "*"
			}
			name = "(" + star + fn.Pkg().Path() + "." + named.Obj().Name() + ")." + fn.Name()
		}
		path, err := enc.For(fn)
		if err != nil {
			continue // not reachable by objectpath: it has no facts either
		}
		out = append(out, UsedFunc{By: pass.Pkg.Path(), Pkg: fn.Pkg().Path(), Object: string(path), Name: name})
	}
	slices.SortFunc(out, func(a, b UsedFunc) int { return cmp.Compare(a.Name, b.Name) })
	return out
}

// returnsText reports whether one of sig's results is a string or a
// []string.
func returnsText(sig *types.Signature) bool {
	for i := range sig.Results().Len() {
		t := sig.Results().At(i).Type().Underlying()
		if s, ok := t.(*types.Slice); ok {
			t = s.Elem().Underlying()
		}
		if b, ok := t.(*types.Basic); ok && b.Kind() == types.String {
			return true
		}
	}
	return false
}

// checkedValues groups the engine's offending findings by the value
// checked, each group in the engine's order: the engine finds one origin
// per source of a value (a path from the environment or the home
// directory names both, which the consumers list in one message), where
// init attributes a write to the innermost resolver one of its origins
// arises in (attribute). The findings of one check follow each other,
// at one position, site and operation; an origin in the project does not
// end the value's, as it did not hide the next one in the engine.
func checkedValues(fs []*rootflow.Finding) [][]*rootflow.Finding {
	var out [][]*rootflow.Finding
	var prev *rootflow.Finding
	done, open := false, false
	for _, f := range fs {
		same := prev != nil && prev.Pos == f.Pos && prev.Site == f.Site && prev.Op == f.Op && reflect.DeepEqual(prev.Reach, f.Reach)
		prev = f
		if same && done {
			if open && f.Origin.Kind == rootflow.Bad {
				out[len(out)-1] = append(out[len(out)-1], f)
			}
			continue
		}
		done = !f.Origin.InProject()
		open = f.Origin.Kind == rootflow.Bad
		if open {
			out = append(out, []*rootflow.Finding{f})
		}
	}
	return out
}
