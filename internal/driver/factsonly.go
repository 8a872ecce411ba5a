package driver

import (
	"reflect"

	"golang.org/x/tools/go/analysis"

	"github.com/staterootlint/staterootlint/internal/config"
)

// FactsOnlyName names the analyzer by which a driver tells the engine
// that a package is analyzed for its facts only: nothing is reported
// there, and the engine skips what only the reporting analyzers read
// (rootflow.FactsOnly, a requirement of the engine, whose result is a
// bool). The unit driver answers it for every unit, true for a
// dependency; go vet mode answers it for a VetxOnly unit (FactsOnly).
// The engine cannot be imported from here, so the driver finds the
// analyzer by this name (TestFactsOnlyName pins it to the engine's).
const FactsOnlyName = "factsonly"

// isFactsOnly reports whether a is the facts-only signal: named so,
// requiring nothing, with a bool result and no facts.
func isFactsOnly(a *analysis.Analyzer) bool {
	return a.Name == FactsOnlyName && len(a.Requires) == 0 && len(a.FactTypes) == 0 && a.ResultType == reflect.TypeFor[bool]()
}

// FactsOnly makes the facts-only signal in the closure of roots say
// true: for a process that analyzes one package, and that only for its
// facts (go vet's VetxOnly unit).
func FactsOnly(roots []*analysis.Analyzer) {
	for _, a := range config.Closure(roots) {
		if isFactsOnly(a) {
			a.Run = func(*analysis.Pass) (any, error) { return true, nil }
		}
	}
}
