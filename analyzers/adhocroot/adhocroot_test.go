package adhocroot_test

import (
	"bytes"
	"go/format"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/staterootlint/staterootlint/analyzers/adhocroot"
	"github.com/staterootlint/staterootlint/analyzers/internal/flagvalue"
	"github.com/staterootlint/staterootlint/analyzers/shadowwrite"
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

// configured returns an analyzer that knows the fixtures' state dir.
func configured() *analysis.Analyzer {
	return adhocroot.New(adhocroot.Config{StateDir: flagvalue.List{".myapp"}})
}

func TestAdhocRoot(t *testing.T) {
	t.Parallel()
	for _, dir := range []string{"homejoin", "ownroots", "statedirliteral", "authoritypkg", "suppressed", "generated", "testsfiles", "sameadvice/..."} {
		t.Run(dir, func(t *testing.T) {
			t.Parallel()
			analysistest.Run(t, testdata(t), configured(), "adhocroot/"+dir)
		})
	}
}

func TestFixes(t *testing.T) {
	t.Parallel()
	results := analysistest.RunWithSuggestedFixes(t, testdata(t), configured(), "adhocroot/fixes")

	// RunWithSuggestedFixes drops unused imports before comparing; apply
	// the edits as an editor would, to check the fix deletes them itself.
	for _, res := range results {
		edits := make(map[string][]analysis.TextEdit)
		for _, d := range res.Diagnostics {
			for _, fix := range d.SuggestedFixes {
				for _, e := range fix.TextEdits {
					name := res.Pass.Fset.File(e.Pos).Name()
					edits[name] = append(edits[name], e)
				}
			}
		}
		for name, es := range edits {
			src, err := os.ReadFile(name)
			if err != nil {
				t.Fatal(err)
			}
			tf := res.Pass.Fset.File(es[0].Pos)
			slices.SortFunc(es, func(a, b analysis.TextEdit) int { return int(b.Pos - a.Pos) })
			for _, e := range es {
				start, end := tf.Offset(e.Pos), tf.Offset(e.End)
				src = slices.Concat(src[:start:start], e.NewText, src[end:])
			}
			got, err := format.Source(src)
			if err != nil {
				t.Fatalf("%s: fixed source does not parse: %v\n%s", name, err, src)
			}
			golden, err := os.ReadFile(name + ".golden")
			if err != nil {
				t.Fatal(err)
			}
			if want, _ := format.Source(golden); !bytes.Equal(got, want) {
				t.Errorf("%s: fixed source, imports untouched by the harness:\n%s\nwant:\n%s", name, got, want)
			}
		}
	}
}

// TestOwnAuthorityAdvice: a package holding a configured authority is
// an authority package; one that does not, and one whose authority is a
// source of user-chosen paths, are not; and the advice elsewhere names
// the program's own authority.
func TestOwnAuthorityAdvice(t *testing.T) {
	t.Parallel()
	a := adhocroot.New(adhocroot.Config{StateDir: flagvalue.List{".myapp"}, Authorities: flagvalue.List{"adhocroot/configuredpkg.StateDir=global"}})
	analysistest.Run(t, testdata(t), a, "adhocroot/configuredpkg")
	b := adhocroot.New(adhocroot.Config{StateDir: flagvalue.List{".myapp"}, Authorities: flagvalue.List{"(*adhocroot/configuredpkg.Context).String=user"}})
	analysistest.Run(t, testdata(t), b, "adhocroot/homejoin")
	analysistest.Run(t, testdata(t), a, "adhocroot/ownadvice")
}

func TestUnconfigured(t *testing.T) {
	t.Parallel()
	analysistest.Run(t, testdata(t), adhocroot.Analyzer, "adhocroot/unconfigured")
}

func TestFlags(t *testing.T) {
	t.Parallel()
	a := adhocroot.New(adhocroot.DefaultConfig())
	if err := a.Flags.Parse([]string{"-" + adhocroot.FlagStateDir + "=.other, .myapp/"}); err != nil {
		t.Fatal(err)
	}
	analysistest.Run(t, testdata(t), a, "adhocroot/statedirliteral")
}

// TestConfiguredAuthority checks that a package holding a configured
// authority (-authorities, the config file's authorities) is exempt, as a
// package declaring //staterootlint:authority is.
func TestConfiguredAuthority(t *testing.T) {
	t.Parallel()
	a := configured()
	if err := a.Flags.Parse([]string{"-" + adhocroot.FlagAuthorities + "=adhocroot/configauthority/paths.GlobalRoot=global"}); err != nil {
		t.Fatal(err)
	}
	analysistest.Run(t, testdata(t), a, "adhocroot/configauthority", "adhocroot/configauthority/paths")
}

// TestCategories checks that every diagnostic has a category JSON and
// SARIF consumers can filter on.
func TestCategories(t *testing.T) {
	t.Parallel()
	got := map[string]int{}
	for _, res := range analysistest.Run(t, testdata(t), configured(), "adhocroot/homejoin", "adhocroot/statedirliteral") {
		for _, d := range res.Diagnostics {
			got[d.Category]++
		}
	}
	for _, c := range []string{adhocroot.CategoryHome, adhocroot.CategoryEnv, adhocroot.CategoryStateDir} {
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
	if err := analysis.Validate([]*analysis.Analyzer{adhocroot.Analyzer}); err != nil {
		t.Fatal(err)
	}
	title, _, _ := strings.Cut(adhocroot.Analyzer.Doc, "\n")
	if !strings.HasPrefix(title, "adhocroot: ") || len(title) > 60 || strings.HasSuffix(title, ".") {
		t.Errorf("doc title %q: want \"adhocroot: <lowercase title>\", at most 60 characters, no period", title)
	}
	for _, want := range []string{"// WRONG", "// RIGHT"} {
		if !strings.Contains(adhocroot.Analyzer.Doc, want) {
			t.Errorf("doc lacks a %s example", want)
		}
	}
}

// ignoreWants is an analysistest.Testing that ignores the fixture's want
// comments, which are adhocroot's: shadowwrite runs on it for its advice.
type ignoreWants struct{}

func (ignoreWants) Errorf(string, ...any) {}

// adviceOf returns what a message tells to derive the path from.
func adviceOf(msg string) string {
	for _, lead := range []string{"; derive it from ", "; derive the path from "} {
		if _, after, ok := strings.Cut(msg, lead); ok {
			advice, _, _ := strings.Cut(after, ", take it from a flag")
			return advice
		}
	}
	return ""
}

// TestSameAdviceAsShadowwrite checks that adhocroot, on a join onto the
// home directory, and shadowwrite, on the writes of the joined path, name
// the same authority: the library's global root in a program without
// authorities, the program's global authority (not its repo one) in one
// with them.
func TestSameAdviceAsShadowwrite(t *testing.T) {
	t.Parallel()
	for pkg, want := range map[string]string{
		"adhocroot/sameadvice/bare": "a state-root authority such as stateroots.GlobalStateRoot",
		"adhocroot/sameadvice/own":  "this program's authority adhocroot/sameadvice/paths.StateDir (global root)",
	} {
		got := map[string][]string{}
		for _, a := range []*analysis.Analyzer{configured(), shadowwrite.New(shadowwrite.DefaultConfig())} {
			for _, r := range analysistest.Run(ignoreWants{}, testdata(t), a, pkg) {
				for _, d := range r.Diagnostics {
					got[a.Name] = append(got[a.Name], adviceOf(d.Message))
				}
			}
		}
		if len(got["adhocroot"]) != 1 || len(got["shadowwrite"]) != 2 {
			t.Errorf("%s: advice %q; want adhocroot's on the join and shadowwrite's on the two writes", pkg, got)
			continue
		}
		for name, advice := range got {
			for _, a := range advice {
				if a != want {
					t.Errorf("%s: %s advises %q, want %q", pkg, name, a, want)
				}
			}
		}
	}
}
