package driver

import (
	"fmt"
	"os"
	"slices"
	"strings"
	"sync"

	"golang.org/x/tools/go/analysis"
)

// What every driver of the suite does alike for one analyzer's pass: the
// standalone unit driver (unit.go) and the go vet unit driver
// (vetunit.go).

// prerequisites returns the results of a's required analyzers, each
// computed by run, as a Pass's ResultOf. When some fail, the error names
// each of them, sorted, as unitchecker's does ("failed prerequisites:
// ...").
func prerequisites(a *analysis.Analyzer, run func(*analysis.Analyzer) (any, error)) (map[*analysis.Analyzer]any, error) {
	inputs := map[*analysis.Analyzer]any{}
	var failed []string
	for _, req := range a.Requires {
		result, err := run(req)
		if err != nil {
			failed = append(failed, req.String())
			continue
		}
		inputs[req] = result
	}
	if failed != nil {
		slices.Sort(failed)
		return nil, fmt.Errorf("failed prerequisites: %s", strings.Join(failed, ", "))
	}
	return inputs, nil
}

// readable reports whether pass may read the file name with its ReadFile:
// one of its OtherFiles, IgnoredFiles, or the name of one of its Files.
func readable(pass *analysis.Pass, name string) bool {
	if slices.Contains(pass.OtherFiles, name) || slices.Contains(pass.IgnoredFiles, name) {
		return true
	}
	for _, f := range pass.Files {
		if pass.Fset.File(f.FileStart).Name() == name {
			return true
		}
	}
	return false
}

// readFileOf returns a Pass.ReadFile that reads the package's own files
// only (readable), as golang.org/x/tools's drivers allow and word it.
func readFileOf(pass *analysis.Pass) func(string) ([]byte, error) {
	return func(name string) ([]byte, error) {
		if !readable(pass, name) {
			return nil, fmt.Errorf("Pass.ReadFile: %s is not among OtherFiles, IgnoredFiles, or names of Files", name)
		}
		return os.ReadFile(name)
	}
}

// action is one analyzer's run on one package: its result, its error
// and the findings it reported.
type action struct {
	once   sync.Once
	result any
	err    error
	diags  []analysis.Diagnostic
}

// runActions runs the analyzers on one package, each once and after the
// analyzers it requires, and returns the action of each (of their
// requirements too). run runs analyzer a with its requirements' results
// (inputs, a Pass's ResultOf), setting act's result, error and findings;
// when a requirement failed, act fails with prerequisites' error instead.
// concurrent runs the analyzers, and the requirements of each, in
// parallel, as unitchecker does (run must then be safe for that); else
// they run one after the other, requirements first, in their order.
func runActions(analyzers []*analysis.Analyzer, concurrent bool, run func(a *analysis.Analyzer, inputs map[*analysis.Analyzer]any, act *action)) map[*analysis.Analyzer]*action {
	actions := map[*analysis.Analyzer]*action{}
	var register func(a *analysis.Analyzer)
	register = func(a *analysis.Analyzer) {
		if actions[a] != nil {
			return
		}
		actions[a] = new(action)
		for _, req := range a.Requires {
			register(req)
		}
	}
	for _, a := range analyzers {
		register(a)
	}
	var exec func(a *analysis.Analyzer) *action
	execAll := func(analyzers []*analysis.Analyzer) {
		if !concurrent {
			for _, a := range analyzers {
				exec(a)
			}
			return
		}
		var wg sync.WaitGroup
		for _, a := range analyzers {
			wg.Go(func() { exec(a) })
		}
		wg.Wait()
	}
	exec = func(a *analysis.Analyzer) *action {
		act := actions[a]
		act.once.Do(func() {
			execAll(a.Requires)
			inputs, err := prerequisites(a, func(req *analysis.Analyzer) (any, error) {
				r := exec(req)
				return r.result, r.err
			})
			if err != nil {
				act.err = err
				return
			}
			run(a, inputs, act)
		})
		return act
	}
	execAll(analyzers)
	return actions
}
