package driver

import (
	"fmt"
	"os"
	"slices"
	"strings"

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
