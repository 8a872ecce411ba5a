package rootflow

import (
	"go/token"
	"testing"

	"github.com/staterootlint/staterootlint/analyzers/internal/lattice"
)

// TestExpandedTemplate checks what a template becomes when the values of
// its leading variable are known (os.Expand's mapping, os.ExpandEnv's
// configured variables): the path below each value that is a path (a
// setter's parameter the mapping reads back among them), and the outside
// origin for a value that is not (the empty string, a value the analysis
// cannot follow: the mapping's own argument is one), for a template with
// a second variable and for one not starting with a variable.
func TestExpandedTemplate(t *testing.T) {
	var at token.Position
	outside := Origins{{Kind: Bad, Why: "a path expanded by os.Expand", Cause: CauseEnv}}
	home := Origin{Kind: Bad, Why: "a path under the home directory", Cause: CauseHome, Path: ".app"}
	setter := Origin{Kind: Param, Key: "pkg.SetBase", Index: 1}
	values := Origins{
		home,
		setter,
		{Kind: Empty},
		{Kind: Bad, Why: "a value the analysis cannot follow"},
	}
	vars := func(string, token.Position) (Origins, bool) { return values, true }
	template := func(s string) Origins { return Origins{lattice.Literal(s, at)} }

	got := expandedTemplate(template("${data}/app.lock"), outside, vars, at)
	want := lattice.Normalize(Origins{home.AppendPath("app.lock", at), setter.AppendPath("app.lock", at), outside[0]})
	if got.String() != want.String() {
		t.Errorf("${data}/app.lock: %v; want %v", got, want)
	}
	for _, s := range []string{"${data}/${name}.lock", "logs/$data", "$data-x/y"} {
		if got := expandedTemplate(template(s), outside, vars, at); got.String() != outside.String() {
			t.Errorf("%s: %v; want %v", s, got, outside)
		}
	}
	if got := expandedTemplate(template("${data}/app.lock"), outside, nil, at); got.String() != outside.String() {
		t.Errorf("no mapping followed: %v; want %v", got, outside)
	}
	plain := template("notes.txt")
	if got := expandedTemplate(plain, outside, vars, at); got.String() != plain.String() {
		t.Errorf("a template without variables: %v; want %v", got, plain)
	}
}
