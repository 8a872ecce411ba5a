package main

import (
	"fmt"
	"go/ast"
	"go/constant"
	"go/types"
	"path/filepath"
	"reflect"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/types/typeutil"
)

// The CLI tests run on a fake suite with the real suite's shape: an engine
// that is not in the suite, with flags, required by the analyzers in it.

type fakeResult struct {
	tests       bool
	allowTemp   bool
	authorities string
}

func newFakeSuite() (suite []*analysis.Analyzer, engine *analysis.Analyzer) {
	engine = &analysis.Analyzer{
		Name:       "fakeflow",
		Doc:        "fakeflow: the fake engine",
		ResultType: reflect.TypeFor[*fakeResult](),
	}
	res := new(fakeResult)
	engine.Flags.StringVar(&res.authorities, "authorities", "", "authorities")
	engine.Flags.BoolVar(&res.allowTemp, "allow-temp", true, "allow temp")
	engine.Flags.BoolVar(&res.tests, "tests", false, "analyze tests")
	engine.Run = func(*analysis.Pass) (any, error) {
		r := *res
		return &r, nil
	}

	write := &analysis.Analyzer{
		Name:     "fakewrite",
		Doc:      "fakewrite: report relative os.WriteFile paths\n\nThe fake analyzer of the CLI tests.",
		Requires: []*analysis.Analyzer{engine},
	}
	write.Run = func(pass *analysis.Pass) (any, error) {
		cfg := pass.ResultOf[engine].(*fakeResult)
		for _, f := range pass.Files {
			if !cfg.tests && strings.HasSuffix(pass.Fset.File(f.Pos()).Name(), "_test.go") {
				continue
			}
			ast.Inspect(f, func(n ast.Node) bool {
				call, ok := n.(*ast.CallExpr)
				if !ok || len(call.Args) == 0 {
					return true
				}
				fn, ok := typeutil.Callee(pass.TypesInfo, call).(*types.Func)
				if !ok || fn.FullName() != "os.WriteFile" {
					return true
				}
				tv := pass.TypesInfo.Types[call.Args[0]]
				if tv.Value == nil {
					return true
				}
				path := constant.StringVal(tv.Value)
				if strings.HasPrefix(path, "/tmp/") && cfg.allowTemp {
					return true
				}
				if strings.HasPrefix(path, "/") && !strings.HasPrefix(path, "/tmp/") {
					return true
				}
				pass.Report(analysis.Diagnostic{
					Pos:      call.Args[0].Pos(),
					Category: "relative",
					Message:  fmt.Sprintf("os.WriteFile writes %q outside every state root", path),
					SuggestedFixes: []analysis.SuggestedFix{{
						Message:   "Write under /tmp",
						TextEdits: []analysis.TextEdit{{Pos: call.Args[0].Pos(), End: call.Args[0].End(), NewText: fmt.Appendf(nil, "%q", "/tmp/"+path)}},
					}},
				})
				return true
			})
		}
		return nil, nil
	}

	quiet := &analysis.Analyzer{
		Name:     "fakequiet",
		Doc:      "fakequiet: report nothing",
		Requires: []*analysis.Analyzer{engine},
		Run:      func(*analysis.Pass) (any, error) { return nil, nil },
	}
	return []*analysis.Analyzer{quiet, write}, engine
}

// newPanicAnalyzer returns an analyzer that panics on package store.
func newPanicAnalyzer() *analysis.Analyzer {
	return &analysis.Analyzer{
		Name: "fakepanic",
		Doc:  "fakepanic: crash",
		Run: func(pass *analysis.Pass) (any, error) {
			if pass.Pkg.Name() == "store" {
				var m map[string]int
				m["boom"]++
			}
			return nil, nil
		},
	}
}

// newConflictAnalyzer returns an analyzer that, in package main, proposes
// for every os.WriteFile literal a fix that overlaps fakewrite's, and
// reports the package clause without a fix.
func newConflictAnalyzer() *analysis.Analyzer {
	return &analysis.Analyzer{
		Name: "fakeconflict",
		Doc:  "fakeconflict: propose conflicting fixes",
		Run: func(pass *analysis.Pass) (any, error) {
			if pass.Pkg.Name() != "main" {
				return nil, nil
			}
			for _, f := range pass.Files {
				if strings.HasSuffix(pass.Fset.File(f.Pos()).Name(), "_test.go") {
					continue
				}
				pass.Report(analysis.Diagnostic{Pos: f.Package, Message: "package main has no fix"})
				ast.Inspect(f, func(n ast.Node) bool {
					lit, ok := n.(*ast.BasicLit)
					if !ok || lit.Value != `"state.json"` {
						return true
					}
					pass.Report(analysis.Diagnostic{
						Pos:     lit.Pos(),
						Message: "state.json belongs in /var",
						SuggestedFixes: []analysis.SuggestedFix{{
							Message:   "Write under /var",
							TextEdits: []analysis.TextEdit{{Pos: lit.Pos(), End: lit.End(), NewText: []byte(`"/var/state.json"`)}},
						}},
					})
					return true
				})
			}
			return nil, nil
		},
	}
}

// fakePackage returns an empty type-checked package with the given path.
func fakePackage(path string) *types.Package {
	return types.NewPackage(path, filepath.Base(path))
}
