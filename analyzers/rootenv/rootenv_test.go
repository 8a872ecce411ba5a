package rootenv_test

import (
	"path/filepath"
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/staterootlint/staterootlint/analyzers/internal/flagvalue"
	"github.com/staterootlint/staterootlint/analyzers/rootenv"
)

// testdata returns the GOPATH root of the fixtures; the go command wants
// it absolute.
func testdata(t *testing.T) string {
	dir, err := filepath.Abs(filepath.Join("..", "..", "testdata"))
	if err != nil {
		t.Fatal(err)
	}
	return dir
}

// configured returns an analyzer watching the fixtures' two overrides.
func configured() *analysis.Analyzer {
	return rootenv.New(rootenv.Config{RootEnv: flagvalue.List{"MYAPP_GLOBAL_STATE_ROOT", "MYAPP_HOME=global"}})
}

func TestRootEnv(t *testing.T) {
	t.Parallel()
	for _, dir := range []string{"envread", "envhelper", "authoritypkg", "suppressed", "generated", "testsfiles"} {
		t.Run(dir, func(t *testing.T) {
			t.Parallel()
			analysistest.Run(t, testdata(t), configured(), "rootenv/"+dir)
		})
	}
}

// TestOwnAuthorityAdvice: a package holding a configured authority is
// an authority package; one that does not, and one whose authority is a
// source of user-chosen paths, are not; and the advice elsewhere names
// the program's own authority.
func TestOwnAuthorityAdvice(t *testing.T) {
	t.Parallel()
	a := rootenv.New(rootenv.Config{RootEnv: flagvalue.List{"MYAPP_GLOBAL_STATE_ROOT", "MYAPP_HOME"}, Authorities: flagvalue.List{"rootenv/configuredpkg.StateDir=global"}})
	analysistest.Run(t, testdata(t), a, "rootenv/configuredpkg")
	b := rootenv.New(rootenv.Config{RootEnv: flagvalue.List{"MYAPP_GLOBAL_STATE_ROOT", "MYAPP_HOME"}, Authorities: flagvalue.List{"(*rootenv/configuredpkg.Context).String=user"}})
	analysistest.Run(t, testdata(t), b, "rootenv/envread")
	analysistest.Run(t, testdata(t), a, "rootenv/ownadvice")
}

// TestEnvPattern: a root-env entry may be a pattern over names; the
// finding names the variable read.
func TestEnvPattern(t *testing.T) {
	t.Parallel()
	a := rootenv.New(rootenv.Config{RootEnv: flagvalue.List{"TOOL_*_HOME=global"}})
	analysistest.Run(t, testdata(t), a, "rootenv/envpattern")
}

func TestUnconfigured(t *testing.T) {
	t.Parallel()
	analysistest.Run(t, testdata(t), rootenv.Analyzer, "rootenv/unconfigured")
}

func TestFlags(t *testing.T) {
	t.Parallel()
	a := rootenv.New(rootenv.DefaultConfig())
	if err := a.Flags.Parse([]string{"-" + rootenv.FlagRootEnv + "=MYAPP_GLOBAL_STATE_ROOT, MYAPP_HOME"}); err != nil {
		t.Fatal(err)
	}
	analysistest.Run(t, testdata(t), a, "rootenv/envread")
}

// TestConfiguredAuthority checks that a package holding a configured
// authority (-authorities, the config file's authorities) is exempt, as a
// package declaring //staterootlint:authority is.
func TestConfiguredAuthority(t *testing.T) {
	t.Parallel()
	a := configured()
	if err := a.Flags.Parse([]string{"-" + rootenv.FlagAuthorities + "=(*rootenv/configauthority/paths.Layout).Global"}); err != nil {
		t.Fatal(err)
	}
	analysistest.Run(t, testdata(t), a, "rootenv/configauthority", "rootenv/configauthority/paths")
}

// TestCategories checks that every diagnostic has a category JSON and
// SARIF consumers can filter on.
func TestCategories(t *testing.T) {
	t.Parallel()
	got := map[string]int{}
	for _, res := range analysistest.Run(t, testdata(t), configured(), "rootenv/envread") {
		for _, d := range res.Diagnostics {
			got[d.Category]++
		}
	}
	for _, c := range []string{rootenv.CategoryRead, rootenv.CategoryExpand} {
		if got[c] == 0 {
			t.Errorf("no diagnostic of category %q; got %v", c, got)
		}
	}
	if got[""] > 0 {
		t.Errorf("%d diagnostics without a category", got[""])
	}
}

func TestDoc(t *testing.T) {
	t.Parallel()
	if err := analysis.Validate([]*analysis.Analyzer{rootenv.Analyzer}); err != nil {
		t.Fatal(err)
	}
	title, _, _ := strings.Cut(rootenv.Analyzer.Doc, "\n")
	if !strings.HasPrefix(title, "rootenv: ") || len(title) > 60 || strings.HasSuffix(title, ".") {
		t.Errorf("doc title %q: want \"rootenv: <lowercase title>\", at most 60 characters, no period", title)
	}
	for _, want := range []string{"// WRONG", "// RIGHT"} {
		if !strings.Contains(rootenv.Analyzer.Doc, want) {
			t.Errorf("doc lacks a %s example", want)
		}
	}
}
