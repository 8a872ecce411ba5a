package driver

import (
	"errors"
	"slices"
	"strings"
	"sync"
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

// TestRunActions checks that each analyzer runs once, after what it
// requires (in their order when not concurrent), and that an analyzer
// whose requirement failed does not run and fails with prerequisites'
// error, alike in both modes.
func TestRunActions(t *testing.T) {
	newAnalyzer := func(name string, reqs ...*analysis.Analyzer) *analysis.Analyzer {
		return &analysis.Analyzer{Name: name, Doc: name + ": test", Requires: reqs}
	}
	a, bad := newAnalyzer("a"), newAnalyzer("bad")
	b := newAnalyzer("b", a)
	c := newAnalyzer("c", a, b)
	d := newAnalyzer("d", b, bad)
	for _, concurrent := range []bool{false, true} {
		var mu sync.Mutex
		var ran []string
		actions := runActions([]*analysis.Analyzer{c, d}, concurrent, func(an *analysis.Analyzer, inputs map[*analysis.Analyzer]any, act *action) {
			mu.Lock()
			ran = append(ran, an.Name)
			mu.Unlock()
			for _, req := range an.Requires {
				if _, ok := inputs[req]; !ok {
					t.Errorf("concurrent %v: %s ran without %s's result", concurrent, an.Name, req.Name)
				}
			}
			if an == bad {
				act.err = errors.New("broken")
				return
			}
			act.result = an.Name
		})
		if !concurrent && strings.Join(ran, ",") != "a,b,c,bad" {
			t.Errorf("ran %v, want a,b,c,bad: requirements first, in order", ran)
		}
		slices.Sort(ran)
		if strings.Join(ran, ",") != "a,b,bad,c" {
			t.Errorf("concurrent %v: ran %v, want a, b, bad and c once each", concurrent, ran)
		}
		if act := actions[c]; act.result != "c" || act.err != nil {
			t.Errorf("concurrent %v: c's action %v, %v; want c", concurrent, act.result, act.err)
		}
		if act := actions[d]; act.err == nil || act.err.Error() != "failed prerequisites: bad" {
			t.Errorf("concurrent %v: d's error %v, want failed prerequisites: bad", concurrent, act.err)
		}
	}
}
