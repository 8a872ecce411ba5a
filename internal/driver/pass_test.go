package driver

import (
	"errors"
	"testing"

	"golang.org/x/tools/go/analysis"
)

// TestPrerequisites checks that the results of a pass's required
// analyzers are gathered, and that failed ones are named, sorted.
func TestPrerequisites(t *testing.T) {
	b, c, d := &analysis.Analyzer{Name: "b"}, &analysis.Analyzer{Name: "c"}, &analysis.Analyzer{Name: "d"}
	a := &analysis.Analyzer{Name: "a", Requires: []*analysis.Analyzer{d, b, c}}
	inputs, err := prerequisites(a, func(req *analysis.Analyzer) (any, error) { return req.Name + "!", nil })
	if err != nil || len(inputs) != 3 || inputs[b] != "b!" || inputs[d] != "d!" {
		t.Errorf("prerequisites = %v, %v; want the three results", inputs, err)
	}
	_, err = prerequisites(a, func(req *analysis.Analyzer) (any, error) {
		if req == c {
			return "c!", nil
		}
		return nil, errors.New("broken")
	})
	if err == nil || err.Error() != "failed prerequisites: b, d" {
		t.Errorf("prerequisites error = %v, want failed prerequisites: b, d", err)
	}
}
