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
// dependency; the go vet unit driver answers it for a VetxOnly unit
// (factsOnly). The engine cannot be imported from here, so the driver finds the
// analyzer by this name (TestFactsOnlyName pins it to the engine's).
const FactsOnlyName = "factsonly"

// isFactsOnly reports whether a is the facts-only signal: named so,
// requiring nothing, with a bool result and no facts.
func isFactsOnly(a *analysis.Analyzer) bool {
	return a.Name == FactsOnlyName && len(a.Requires) == 0 && len(a.FactTypes) == 0 && a.ResultType == reflect.TypeFor[bool]()
}

// factsOnly prepares the closure of roots for a process that analyzes
// one package, and that only for its facts (go vet's VetxOnly unit): the
// facts-only signal says true, so the engine skips what only the
// reporting analyzers would read, and the analyzers that neither have
// facts nor are required by one that has do nothing. unitchecker runs
// every analyzer that has facts or requires one that has, so the
// reporting analyzers (shadowwrite and the like, built on the engine)
// would otherwise build findings nobody reads on every dependency; the
// unit driver does not run them on dependencies either. Their flags stay
// registered: go vet passes every unit the same flags. A skipped analyzer
// returns the zero value of its result type, as unitchecker checks the
// type.
func factsOnly(roots []*analysis.Analyzer) {
	var facts []*analysis.Analyzer
	for _, a := range config.Closure(roots) {
		if isFactsOnly(a) {
			a.Run = func(*analysis.Pass) (any, error) { return true, nil }
		}
		if len(a.FactTypes) > 0 {
			facts = append(facts, a)
		}
	}
	needed := map[*analysis.Analyzer]bool{}
	for _, a := range config.Closure(facts) {
		needed[a] = true
	}
	for _, a := range config.Closure(roots) {
		if needed[a] {
			continue
		}
		var zero any
		if a.ResultType != nil {
			zero = reflect.Zero(a.ResultType).Interface()
		}
		a.Run = func(*analysis.Pass) (any, error) { return zero, nil }
	}
}
