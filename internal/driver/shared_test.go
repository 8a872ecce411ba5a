package driver

import (
	"context"
	"encoding/json"
	"fmt"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"golang.org/x/tools/go/analysis"

	"github.com/staterootlint/staterootlint/analyzers"
	"github.com/staterootlint/staterootlint/analyzers/inventory"
	"github.com/staterootlint/staterootlint/internal/config"
)

// TestSharedTypes runs the whole suite over a fixture whose external
// test recompiles an importer of the package under test (so two packages
// have each of the paths example.com/chaos/store and …/jobs), with and
// without tests, with the run's types shared (shared.go) and with every
// unit reading its imports itself, and requires the same findings with
// their chains, inventories and facts, byte for byte. With sharing, each
// package's export data must be read at most once, no test variant may
// be read into the shared types, and the program's own packages must be.
func TestSharedTypes(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the go command")
	}
	dir, err := filepath.Abs("testdata/chaos")
	if err != nil {
		t.Fatal(err)
	}
	defer func(share bool) { shareTypes, sharedRead = share, nil }(shareTypes)
	for _, tests := range []bool{false, true} {
		output := func(share bool) (string, map[string]int) {
			t.Helper()
			shareTypes = share
			var mu sync.Mutex
			reads := map[string]int{}
			sharedRead = func(id string) {
				mu.Lock()
				defer mu.Unlock()
				reads[id]++
			}
			inv := map[string][]inventory.Artifact{}
			res, err := Run(context.Background(), Options{
				Dir:       dir,
				Analyzers: analyzers.All,
				Config:    &config.Config{Tests: &tests},
				Chains:    true,
				Facts:     true,
				DepFacts:  true,
				Collect: map[*analysis.Analyzer]func(string, any){inventory.Analyzer: func(pkg string, r any) {
					inv[pkg] = append(inv[pkg], r.(*inventory.Result).Artifacts...)
				}},
			})
			if err != nil {
				t.Fatalf("tests %v, shared %v: %v", tests, share, err)
			}
			if !res.Stats.Units {
				t.Fatalf("tests %v, shared %v: the unit driver did not run to the end", tests, share)
			}
			facts := map[string][]string{}
			for _, pf := range res.Facts {
				for _, f := range pf.Facts {
					facts[pf.Package] = append(facts[pf.Package], fmt.Sprintf("%s %T %v", f.Object, f.Fact, f.Fact))
				}
			}
			out, err := json.MarshalIndent(map[string]any{"findings": res.Findings, "inventory": inv, "facts": facts}, "", "\t")
			if err != nil {
				t.Fatal(err)
			}
			return string(out), reads
		}
		want, none := output(false)
		if len(none) > 0 {
			t.Errorf("tests %v: sharing off, yet %d packages were read into the shared types", tests, len(none))
		}
		if !strings.Contains(want, `"shadowwrite"`) {
			t.Fatalf("tests %v: the fixture has no shadowwrite finding:\n%s", tests, want)
		}
		got, reads := output(true)
		if got != want {
			t.Errorf("tests %v: the output with shared types differs from the output without:\n%s\nwant\n%s", tests, got, want)
		}
		for id, n := range reads {
			if n > 1 {
				t.Errorf("tests %v: %s read %d times into the shared types, want once", tests, id, n)
			}
			if strings.Contains(id, " [") || strings.HasSuffix(id, ".test") {
				t.Errorf("tests %v: the test variant %s was read into the shared types", tests, id)
			}
		}
		for _, id := range []string{"example.com/chaos/store", "example.com/chaos/paths", "os"} {
			if reads[id] != 1 {
				t.Errorf("tests %v: %s read %d times into the shared types, want once", tests, id, reads[id])
			}
		}
	}
}
