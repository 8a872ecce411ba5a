package driver_test

import (
	"context"
	"crypto/sha256"
	"fmt"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis"

	"github.com/staterootlint/staterootlint/analyzers"
	"github.com/staterootlint/staterootlint/internal/config"
	"github.com/staterootlint/staterootlint/internal/driver"
)

// TestFactsOnlyName: the suite's engine requires exactly one analyzer
// the drivers take for the facts-only signal, by the name they look for:
// a bool result, no requirements, no facts.
func TestFactsOnlyName(t *testing.T) {
	var found []*analysis.Analyzer
	for _, a := range config.Closure(analyzers.All) {
		if a.Name == driver.FactsOnlyName {
			found = append(found, a)
		}
	}
	if len(found) != 1 {
		t.Fatalf("%d analyzers named %q in the suite's closure, want 1", len(found), driver.FactsOnlyName)
	}
	a := found[0]
	if a.ResultType != reflect.TypeFor[bool]() || len(a.Requires) > 0 || len(a.FactTypes) > 0 {
		t.Errorf("%s: result %v, %d requirements, %d fact types; want a bool and none", a.Name, a.ResultType, len(a.Requires), len(a.FactTypes))
	}
	res, err := a.Run(&analysis.Pass{})
	if err != nil || res != false {
		t.Errorf("run as it is, %s says %v, %v; want false (analyze the package whole)", a.Name, res, err)
	}
}

// TestFactsOnlySameFacts: a package analyzed for its facts only (a
// dependency of the packages linted) exports the same facts as when it is
// linted itself, byte for byte in their encoding: everything another
// package reads. The fixtures have a fact of every kind, and the
// cross-module ones the facts that follow another module's package
// variables, fields and constructors.
func TestFactsOnlySameFacts(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the go command")
	}
	for _, c := range []struct {
		dir       string
		root, all []string // the linted packages: the program alone, and everything
	}{
		{"testdata/factsonly", []string{"."}, []string{"./..."}},
		{"../../cmd/staterootlint/testdata/crossmod/app", []string{"."}, []string{".", "example.com/lib"}},
		{"../../cmd/staterootlint/testdata/initxdg", []string{"."}, []string{".", "example.com/xdgvars"}},
	} {
		t.Run(filepath.Base(c.dir), func(t *testing.T) {
			dir, err := filepath.Abs(c.dir)
			if err != nil {
				t.Fatal(err)
			}
			facts := func(patterns []string) map[string]driver.PackageFacts {
				res, err := driver.Run(context.Background(), driver.Options{
					Dir: dir, Patterns: patterns, Analyzers: analyzers.Linting, Facts: true, DepFacts: true,
				})
				if err != nil {
					t.Fatal(err)
				}
				if !res.Stats.Units {
					t.Fatal("the unit driver did not run")
				}
				out := map[string]driver.PackageFacts{}
				for _, pf := range res.Facts {
					out[pf.Package] = pf
				}
				return out
			}
			depOnly, linted := facts(c.root), facts(c.all)
			compared := 0
			for id, dep := range depOnly {
				if dep.Root {
					continue
				}
				full, ok := linted[id]
				if !ok || !full.Root {
					t.Errorf("%s: a dependency alone, not linted in the second run", id)
					continue
				}
				if got, want := encodeFacts(t, dep.Facts), encodeFacts(t, full.Facts); !reflect.DeepEqual(got, want) {
					t.Errorf("%s: facts-only exports\n%s\nlinted, it exports\n%s", id, strings.Join(got, "\n"), strings.Join(want, "\n"))
				}
				compared += len(dep.Facts)
			}
			if compared == 0 {
				t.Error("no dependency exported a fact: the fixture tests nothing")
			}
		})
	}
}

// encodeFacts renders facts as their objects, types, a hash of their
// encodings and their text.
func encodeFacts(t *testing.T, facts []driver.Fact) []string {
	t.Helper()
	var out []string
	for _, f := range facts {
		enc, ok := f.Fact.(interface{ GobEncode() ([]byte, error) })
		if !ok {
			t.Fatalf("%T has no encoding", f.Fact)
		}
		data, err := enc.GobEncode()
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, fmt.Sprintf("%q %T %x %v", f.Object, f.Fact, sha256.Sum256(data), f.Fact))
	}
	return out
}
