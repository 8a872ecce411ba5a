package report

import (
	"fmt"
	"go/token"
	"path/filepath"
	"runtime"
	"strings"

	"golang.org/x/tools/go/analysis"
)

// Recover turns a panic in the analyzer running pass into an error that
// names the analyzer, the package and where: *at, the position of the
// node being analyzed when the analyzer keeps it up to date, else the
// line of the code that panicked. Every analyzer defers it first thing in
// its Run, with a named error result:
//
//	func run(pass *analysis.Pass) (_ any, err error) {
//		var at token.Pos
//		defer report.Recover(pass, &at, &err)
//
// The error carries no stack dump: it is one line a user can paste into a
// bug report, and the driver reports the package as failed (exit code 2)
// instead of crashing. at may be nil.
func Recover(pass *analysis.Pass, at *token.Pos, err *error) {
	r := recover()
	if r == nil {
		return
	}
	where := panicSite()
	if at != nil && at.IsValid() {
		where = pass.Fset.Position(*at).String()
	}
	*err = fmt.Errorf("%s: internal error analyzing %s at %s: %v; please report it", pass.Analyzer.Name, pass.Pkg.Path(), where, r)
}

// panicSite returns where the code that panicked is, "file.go:12
// (pkg.Func)": the innermost frame of the panicking goroutine outside the
// runtime and Recover itself.
func panicSite() string {
	pcs := make([]uintptr, 64)
	frames := runtime.CallersFrames(pcs[:runtime.Callers(2, pcs)])
	for {
		f, more := frames.Next()
		if f.Function != "" && !strings.HasPrefix(f.Function, "runtime.") && !strings.HasSuffix(f.Function, "/report.Recover") {
			return fmt.Sprintf("%s:%d (%s)", filepath.Base(f.File), f.Line, f.Function[strings.LastIndex(f.Function, "/")+1:])
		}
		if !more {
			return "an unknown line"
		}
	}
}
