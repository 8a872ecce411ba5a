package driver_test

import (
	"testing"

	"github.com/staterootlint/staterootlint/analyzers"
	"github.com/staterootlint/staterootlint/internal/config"
	"github.com/staterootlint/staterootlint/internal/driver"
	"github.com/staterootlint/staterootlint/internal/flagname"
)

// TestSuiteModelsStd: with the flags as shipped, every analyzer of the
// suite that exports facts models the standard library, so the drivers
// skip its packages as dependencies (standalone) or answer them with
// types only (go vet). An analyzer with facts that did not declare
// analyze-std would make every program pay for type-checking the
// standard library from source. Setting the analyze-std flag of any one
// analyzer with facts turns it off.
func TestSuiteModelsStd(t *testing.T) {
	closure := config.Closure(analyzers.All)
	if !driver.StdModelled(closure) {
		for _, a := range closure {
			if len(a.FactTypes) > 0 && a.Flags.Lookup(flagname.AnalyzeStd) == nil {
				t.Errorf("analyzer %s exports facts but has no -%s flag: the standard library is analyzed for it", a.Name, flagname.AnalyzeStd)
			}
		}
		t.Fatal("StdModelled(suite) = false, want true")
	}
	flagged := 0
	for _, a := range closure {
		f := a.Flags.Lookup(flagname.AnalyzeStd)
		if f == nil || len(a.FactTypes) == 0 {
			continue
		}
		flagged++
		if err := f.Value.Set("true"); err != nil {
			t.Fatal(err)
		}
		if driver.StdModelled(closure) {
			t.Errorf("with -%s.%s set, StdModelled(suite) = true, want false", a.Name, flagname.AnalyzeStd)
		}
		if err := f.Value.Set("false"); err != nil {
			t.Fatal(err)
		}
	}
	if flagged < 1 {
		t.Errorf("%d analyzers with facts declare -%s, want the engine", flagged, flagname.AnalyzeStd)
	}
}
