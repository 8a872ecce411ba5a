package rootflow

import (
	"reflect"

	"golang.org/x/tools/go/analysis"
)

// FactsOnlyName is the name of the analyzer whose result tells the
// engine that a package is analyzed for its facts only. The drivers,
// which cannot import the engine, find it by this name in the closure of
// the analyzers they run (internal/driver.FactsOnlyName is the same
// string, and a test of the driver checks that).
const FactsOnlyName = "factsonly"

// FactsOnly is the one signal by which a driver tells the engine that
// nothing is reported on a package: it is analyzed only so that the
// packages above it can read its facts. go vet's VetxOnly units are such
// packages, and so are the standalone driver's dependencies. Its result
// is a bool; run as it is it says false (every package analyzed whole),
// which is what a driver that cannot tell (golangci-lint, nogo, the
// go/packages fallback) gets. A driver that can tell answers the pass
// itself instead of running it: the unit driver with !root, go vet mode
// with the unit's VetxOnly.
//
// On such a package the engine skips what only the package's own
// analyzers read (run): the paths built on the home directory (Bases,
// DotPaths), what the package's calls read of the environment (EnvCalls)
// and the program's authorities named in advice. It exports the same
// facts either way (internal/driver's TestFactsOnlySameFacts).
var FactsOnly = &analysis.Analyzer{
	Name:       FactsOnlyName,
	Doc:        "factsonly: say whether a package is analyzed for its facts only\n\nIts result is true when the driver analyzes the package only so that other packages can read its facts, and nothing is reported there. Run as it is, it says false.",
	URL:        "https://pkg.go.dev/github.com/staterootlint/staterootlint/analyzers",
	ResultType: reflect.TypeOf(false),
	Run:        func(*analysis.Pass) (any, error) { return false, nil },
}

// factsOnly reports whether the driver analyzes the pass's package for
// its facts only (FactsOnly).
func factsOnly(pass *analysis.Pass) bool {
	only, _ := pass.ResultOf[FactsOnly].(bool)
	return only
}
