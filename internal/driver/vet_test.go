package driver

import (
	"errors"
	"fmt"
	"go/types"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"sync"
	"testing"

	"golang.org/x/tools/go/analysis"

	"github.com/staterootlint/staterootlint/internal/config"
)

func TestVetConfig(t *testing.T) {
	dir := t.TempDir()
	writeTree(t, dir, map[string]string{
		"go.mod":                   "module example.com/m\n\ngo 1.26\n",
		config.FileName:            "tests: true\n",
		"a/b/a.go":                 "package b\n",
		"a/" + config.FileName:     "tests: false\n",
		"clean/c.go":               "package clean\n",
		"clean/sub/" + "README.md": "",
	})
	// The module root's file configures the package, whichever the
	// package's directory.
	cfg, err := (&vetUnitConfig{Dir: filepath.Join(dir, "clean"), ImportPath: "example.com/m/clean"}).configFile()
	if err != nil || !cfg.TestsEnabled() || cfg.Source != filepath.Join(dir, config.FileName) {
		t.Errorf("vetConfig(clean) = %+v, %v", cfg, err)
	}
	// A file between a reported package and the module root is an error.
	_, err = (&vetUnitConfig{Dir: filepath.Join(dir, "a", "b"), ImportPath: "example.com/m/a/b"}).configFile()
	want := filepath.Join(dir, "a", config.FileName) + ": not read: only the .staterootlint.yaml found from the module root " + dir + " upward counts"
	if err == nil || !strings.HasPrefix(err.Error(), want) {
		t.Errorf("vetConfig(a/b) = %v, want %q", err, want)
	}
	// For facts only (a dependency of the reported packages), the module
	// root's file applies and the stray one is not this unit's business.
	cfg, err = (&vetUnitConfig{Dir: filepath.Join(dir, "a", "b"), VetxOnly: true}).configFile()
	if err != nil || !cfg.TestsEnabled() {
		t.Errorf("vetConfig(a/b, VetxOnly) = %+v, %v", cfg, err)
	}
}

func TestCheckVetFlags(t *testing.T) {
	engine := &analysis.Analyzer{Name: "fakeflow", Doc: "fakeflow: the fake engine", Run: func(*analysis.Pass) (any, error) { return nil, nil }}
	engine.Flags.String("authorities", "", "authorities")
	engine.Flags.Bool("tests", false, "analyze tests")
	engine.Flags.String("sinks", "", "sinks")
	write := &analysis.Analyzer{Name: "fakewrite", Doc: "fakewrite: report", Requires: []*analysis.Analyzer{engine}, Run: engine.Run}
	closure := config.Closure([]*analysis.Analyzer{write})
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"-json", "-fakeflow.authorities=example.com/p.F"}, ""},
		{[]string{"-fakeflow.authorities=nodot"}, `-fakeflow.authorities: "nodot": expected pkg/path.Func`},
		{[]string{"-fakeflow.sinks", "os.WriteFile"}, `-fakeflow.sinks: "os.WriteFile": expected pkg/path.Func#N`},
		{[]string{"--fakeflow.sinks=os.WriteFile#1,os.Create"}, `-fakeflow.sinks: "os.Create": expected pkg/path.Func#N`},
		{[]string{"-fakeflow.tests", "-other.sinks=x"}, ""},
	} {
		err := checkVetFlags(tc.args, closure)
		if tc.want == "" && err != nil || tc.want != "" && (err == nil || !strings.HasPrefix(err.Error(), tc.want)) {
			t.Errorf("checkVetFlags(%q) = %v, want %q", tc.args, err, tc.want)
		}
	}
}

// TestFailFast checks that under go vet an analyzer's error, the
// engine's included, reaches the caller's Fail once, with the analyzer's
// name, the package and the error itself; the wrapped Run still returns
// it. (The command's Fail prints it and ends the unit:
// TestVetFail in cmd/staterootlint.)
func TestFailFast(t *testing.T) {
	for _, want := range []error{errors.New("bad -sinks entry"), errors.New("internal error")} {
		engine := &analysis.Analyzer{Name: "engine", Doc: "engine: fail", Run: func(*analysis.Pass) (any, error) { return nil, want }}
		user := &analysis.Analyzer{Name: "user", Doc: "user: use", Requires: []*analysis.Analyzer{engine}, Run: func(*analysis.Pass) (any, error) { return nil, nil }}
		var got []string
		roots := Guard([]*analysis.Analyzer{user})
		failFast(roots, func(analyzer, pkg string, err error) {
			got = append(got, fmt.Sprintf("analyzer %s failed on package %s: %v", analyzer, pkg, err))
		})
		pass := &analysis.Pass{Pkg: types.NewPackage("example.com/p", "p")}
		for range 2 {
			if _, err := roots[0].Requires[0].Run(pass); !errors.Is(err, want) {
				t.Errorf("%v: the wrapped Run returned %v", want, err)
			}
		}
		if w := []string{"analyzer engine failed on package example.com/p: " + want.Error()}; !slices.Equal(got, w) {
			t.Errorf("%v: Fail called with %q, want %q (once)", want, got, w)
		}
	}
}

type fakeFact struct{}

func (*fakeFact) AFact() {}

// TestFactsOnly: on a unit go vet runs for its facts only, an analyzer
// with facts and its requirements run, and the analyzers that only
// report (and what only they require) do not: they return the zero value
// of their result type, which unitchecker checks. The facts-only signal
// says true there.
func TestFactsOnly(t *testing.T) {
	ran := map[string]int{}
	run := func(name string, result any) func(*analysis.Pass) (any, error) {
		return func(*analysis.Pass) (any, error) { ran[name]++; return result, nil }
	}
	helper := &analysis.Analyzer{Name: "helper", Doc: "helper: help", Run: run("helper", nil)}
	signal := &analysis.Analyzer{Name: FactsOnlyName, Doc: "factsonly: the signal", ResultType: reflect.TypeFor[bool](), Run: run(FactsOnlyName, false)}
	engine := &analysis.Analyzer{Name: "engine", Doc: "engine: facts", FactTypes: []analysis.Fact{new(fakeFact)},
		Requires: []*analysis.Analyzer{helper, signal}, ResultType: reflect.TypeFor[*int](), Run: run("engine", new(int))}
	only := &analysis.Analyzer{Name: "only", Doc: "only: what the reporter alone requires", ResultType: reflect.TypeFor[[]string](), Run: run("only", []string{"x"})}
	reporter := &analysis.Analyzer{Name: "reporter", Doc: "reporter: report", Requires: []*analysis.Analyzer{engine, only},
		ResultType: reflect.TypeFor[*int](), Run: run("reporter", new(int))}
	roots := Guard([]*analysis.Analyzer{reporter, engine})
	factsOnly(roots)
	results := map[string]any{}
	for _, a := range config.Closure(roots) {
		res, err := a.Run(&analysis.Pass{Pkg: types.NewPackage("example.com/p", "p")})
		if err != nil {
			t.Fatalf("%s: %v", a.Name, err)
		}
		if a.ResultType != nil && reflect.TypeOf(res) != a.ResultType {
			t.Errorf("%s returned a %T, want a %v", a.Name, res, a.ResultType)
		}
		results[a.Name] = res
	}
	if ran["engine"] != 1 || ran["helper"] != 1 {
		t.Errorf("runs %v: the analyzer with facts and its requirement must run", ran)
	}
	if ran["reporter"] != 0 || ran["only"] != 0 {
		t.Errorf("runs %v: the reporting analyzer and what only it requires must not run", ran)
	}
	if r := results["reporter"].(*int); r != nil {
		t.Errorf("reporter's result %v, want a nil *int", r)
	}
	if results[FactsOnlyName] != true {
		t.Errorf("the facts-only signal says %v, want true", results[FactsOnlyName])
	}
}

// TestUnreadFacts: under go vet a command or an external test package
// exports no facts; any other package does.
func TestUnreadFacts(t *testing.T) {
	engine := &analysis.Analyzer{Name: "engine", Doc: "engine: facts", FactTypes: []analysis.Fact{new(fakeFact)},
		Run: func(pass *analysis.Pass) (any, error) {
			pass.ExportPackageFact(new(fakeFact))
			return nil, nil
		}}
	roots := []*analysis.Analyzer{engine}
	unreadFacts(roots)
	for _, tc := range []struct {
		pkg  *types.Package
		want bool
	}{
		{types.NewPackage("example.com/lib", "lib"), true},
		{types.NewPackage("example.com/cmd/app", "main"), false},
		{types.NewPackage("example.com/lib_test", "lib_test"), false},
	} {
		exported := false
		pass := &analysis.Pass{Pkg: tc.pkg, ExportPackageFact: func(analysis.Fact) { exported = true },
			ExportObjectFact: func(types.Object, analysis.Fact) { exported = true }}
		if _, err := engine.Run(pass); err != nil {
			t.Fatal(err)
		}
		if exported != tc.want {
			t.Errorf("package %s (%s): exported a fact: %v, want %v", tc.pkg.Path(), tc.pkg.Name(), exported, tc.want)
		}
	}
}

// TestClaimVetError: of the units of one go vet run (vet.cfg files in one
// go-build work directory) that fail with the same message at once,
// exactly one prints it and the others name that one; another message,
// or another run, is printed again.
func TestClaimVetError(t *testing.T) {
	work := filepath.Join(t.TempDir(), "go-build1234")
	unit := func(i int) string {
		dir := filepath.Join(work, fmt.Sprintf("b%03d", i))
		if err := os.MkdirAll(dir, 0o700); err != nil {
			t.Fatal(err)
		}
		return filepath.Join(dir, "vet.cfg")
	}
	const units = 24
	var (
		wg      sync.WaitGroup
		mu      sync.Mutex
		winners []string
		named   = map[string]int{}
	)
	for i := range units {
		cfg, pkg := unit(i), fmt.Sprintf("example.com/p%d", i)
		wg.Go(func() {
			first, claimed := ClaimVetError(cfg, pkg, "x.yaml:2: key \"bogus\": unknown key")
			mu.Lock()
			defer mu.Unlock()
			if claimed {
				winners = append(winners, pkg)
			} else {
				named[first]++
			}
		})
	}
	wg.Wait()
	if len(winners) != 1 {
		t.Fatalf("%d units printed the error in full (%v), want 1", len(winners), winners)
	}
	if named[winners[0]] != units-1 || len(named) != 1 {
		t.Errorf("the other units named %v, want %s %d times", named, winners[0], units-1)
	}

	if _, claimed := ClaimVetError(unit(0), "example.com/p0", "another message"); !claimed {
		t.Error("a different message was not printed")
	}
	if _, claimed := ClaimVetError(filepath.Join(t.TempDir(), "go-build99", "b001", "vet.cfg"), "example.com/p0", "x.yaml:2: key \"bogus\": unknown key"); !claimed {
		t.Error("the same message in another go vet run (another work directory) was not printed")
	}
	// A vet.cfg outside a go work directory (the tool run by hand): no
	// record, always printed.
	for range 2 {
		if _, claimed := ClaimVetError(filepath.Join(t.TempDir(), "vet.cfg"), "example.com/p0", "m"); !claimed {
			t.Error("a unit outside a go work directory did not print its error")
		}
	}
	entries, err := os.ReadDir(work)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range entries {
		if strings.HasSuffix(e.Name(), ".tmp") {
			t.Errorf("temporary file %s left in the work directory", e.Name())
		}
	}
}

func TestIsVetInvocation(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want bool
	}{
		{[]string{"-V=full"}, true},
		{[]string{"-flags"}, true},
		{[]string{"/tmp/go-build1/b001/vet.cfg"}, true},
		{[]string{"-json", "-fakeflow.tests=true", "/tmp/b001/vet.cfg"}, true},
		{[]string{"./..."}, false},
		{[]string{"-C", "x", "a.cfg"}, false},
		{[]string{"--version"}, false},
		{nil, false},
	} {
		if got := IsVetInvocation(tc.args); got != tc.want {
			t.Errorf("IsVetInvocation(%q) = %v, want %v", tc.args, got, tc.want)
		}
	}
}

// writeTree writes files (slash-separated names relative to dir).
func writeTree(t *testing.T, dir string, files map[string]string) {
	t.Helper()
	for name, content := range files {
		p := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}
