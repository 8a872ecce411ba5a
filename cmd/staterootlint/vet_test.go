package main

import (
	"bytes"
	"errors"
	"go/types"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis"

	"github.com/staterootlint/staterootlint/internal/config"
	"github.com/staterootlint/staterootlint/internal/driver"
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
	cfg, err := vetConfig(vetUnit{Dir: filepath.Join(dir, "clean"), ImportPath: "example.com/m/clean"})
	if err != nil || !cfg.TestsEnabled() || cfg.Source != filepath.Join(dir, config.FileName) {
		t.Errorf("vetConfig(clean) = %+v, %v", cfg, err)
	}
	// A file between a reported package and the module root is an error.
	_, err = vetConfig(vetUnit{Dir: filepath.Join(dir, "a", "b"), ImportPath: "example.com/m/a/b"})
	want := filepath.Join(dir, "a", config.FileName) + ": not read: only the .staterootlint.yaml found from the module root " + dir + " upward counts"
	if err == nil || !strings.HasPrefix(err.Error(), want) {
		t.Errorf("vetConfig(a/b) = %v, want %q", err, want)
	}
	// For facts only (a dependency of the reported packages), the module
	// root's file applies and the stray one is not this unit's business.
	cfg, err = vetConfig(vetUnit{Dir: filepath.Join(dir, "a", "b"), VetxOnly: true})
	if err != nil || !cfg.TestsEnabled() {
		t.Errorf("vetConfig(a/b, VetxOnly) = %+v, %v", cfg, err)
	}
}

func TestCheckVetFlags(t *testing.T) {
	suite, _ := newFakeSuite()
	closure := config.Closure(suite)
	closure[len(closure)-1].Flags.String("sinks", "", "sinks")
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

type codedError struct{ code int }

func (e codedError) Error() string { return "bad -sinks entry" }
func (e codedError) ExitCode() int { return e.code }

// TestExitOnError checks that under go vet an analyzer's error, the
// engine's included, is printed with its own text and ends the unit.
func TestExitOnError(t *testing.T) {
	for _, tc := range []struct {
		err  error
		code int
	}{
		{codedError{78}, exitConfig},
		{errors.New("internal error"), 1},
	} {
		engine := &analysis.Analyzer{Name: "engine", Doc: "engine: fail", Run: func(*analysis.Pass) (any, error) { return nil, tc.err }}
		user := &analysis.Analyzer{Name: "user", Doc: "user: use", Requires: []*analysis.Analyzer{engine}, Run: func(*analysis.Pass) (any, error) { return nil, nil }}
		var stderr bytes.Buffer
		code := -1
		roots := exitOnError(driver.Guard([]*analysis.Analyzer{user}), &stderr, func(c int) { code = c })
		pass := &analysis.Pass{Pkg: fakePackage("example.com/p")}
		if _, err := roots[0].Requires[0].Run(pass); err == nil {
			t.Errorf("%v: the wrapped Run returned no error", tc.err)
		}
		want := "staterootlint: analyzer engine failed on package example.com/p: " + tc.err.Error() + "\n"
		if code != tc.code || stderr.String() != want {
			t.Errorf("%v: exit %d, stderr %q; want %d, %q", tc.err, code, stderr.String(), tc.code, want)
		}
	}
}

type fakeFact struct{}

func (*fakeFact) AFact() {}

// TestFactsOnly: on a unit go vet runs for its facts only, an analyzer
// with facts and its requirements run, and the analyzers that only
// report (and what only they require) do not: they return the zero value
// of their result type, which unitchecker checks.
func TestFactsOnly(t *testing.T) {
	ran := map[string]int{}
	run := func(name string, result any) func(*analysis.Pass) (any, error) {
		return func(*analysis.Pass) (any, error) { ran[name]++; return result, nil }
	}
	helper := &analysis.Analyzer{Name: "helper", Doc: "helper: help", Run: run("helper", nil)}
	engine := &analysis.Analyzer{Name: "engine", Doc: "engine: facts", FactTypes: []analysis.Fact{new(fakeFact)},
		Requires: []*analysis.Analyzer{helper}, ResultType: reflect.TypeFor[*int](), Run: run("engine", new(int))}
	only := &analysis.Analyzer{Name: "only", Doc: "only: what the reporter alone requires", ResultType: reflect.TypeFor[[]string](), Run: run("only", []string{"x"})}
	reporter := &analysis.Analyzer{Name: "reporter", Doc: "reporter: report", Requires: []*analysis.Analyzer{engine, only},
		ResultType: reflect.TypeFor[*int](), Run: run("reporter", new(int))}
	roots := driver.Guard([]*analysis.Analyzer{reporter, engine})
	factsOnly(roots)
	results := map[string]any{}
	for _, a := range config.Closure(roots) {
		res, err := a.Run(&analysis.Pass{Pkg: fakePackage("example.com/p")})
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
