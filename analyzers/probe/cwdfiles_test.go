package probe

import (
	"slices"
	"strings"
	"testing"

	"github.com/staterootlint/staterootlint/analyzers/inventory"
)

// TestCwdFileCommands attaches the commands that reach each candidate's
// write, from the inventory's per-command rows, and renders them: one
// command, every command, none.
func TestCwdFileCommands(t *testing.T) {
	var w commandWrites
	w.collect("a", &inventory.Result{Artifacts: []inventory.Artifact{
		{Kind: inventory.KindCommand, Command: "init", At: "main.go:10"},
		{Kind: inventory.KindCommand, Command: "run", At: "main.go:11"},
		{Kind: inventory.KindCommand, Command: "gc", At: "main.go:12"},
		{Kind: "cwd", Command: "init", At: "scaffold.go:5"},
		{Kind: "cwd", Command: "init", At: "log.go:3"},
		{Kind: "cwd", Command: "run", At: "log.go:3"},
		{Kind: "cwd", Command: "gc", At: "log.go:3"},
		{Kind: "cwd", At: "other.go:1"}, // the package's table, no command
	}})
	fs := w.attach([]CwdFile{
		{Pattern: "cwd:app.toml", Func: "example.com/a.scaffold", At: "scaffold.go:5"},
		{Pattern: "cwd:app.log", Func: "example.com/a.logTo", At: "log.go:3"},
		{Pattern: "cwd:x", Func: "example.com/a.other", At: "other.go:1"},
	})
	if !slices.Equal(fs[0].Commands, []string{"init"}) || fs[0].Every {
		t.Errorf("scaffold: %v every=%v, want [init]", fs[0].Commands, fs[0].Every)
	}
	if !slices.Equal(fs[1].Commands, []string{"gc", "init", "run"}) || !fs[1].Every {
		t.Errorf("log: %v every=%v, want every command", fs[1].Commands, fs[1].Every)
	}
	var b strings.Builder
	writeCwdFiles(&b, fs)
	for _, want := range []string{
		`["cwd:app.toml"]  # written at scaffold.go:5 by 1 command (init); not read back`,
		`["cwd:app.log"]  # written at log.go:3 by every command: state?; not read back`,
		`["cwd:x"]  # written at other.go:1; not read back`,
	} {
		if !strings.Contains(b.String(), want) {
			t.Errorf("lacks %q:\n%s", want, b.String())
		}
	}
}

// TestLocalName drops the package from a function's name, full or
// short, so that a candidate's function and the inventory's chains
// compare.
func TestLocalName(t *testing.T) {
	for in, want := range map[string]string{
		"example.com/app.profile":           "profile",
		"main.profile":                      "profile",
		"selfupdate.To":                     "To",
		"(*example.com/app/pkg.Runner).Run": "(*Runner).Run",
		"(*pkg.Runner).Run":                 "(*Runner).Run",
		"(example.com/app/pkg.T).M":         "(T).M",
	} {
		if got := localName(in); got != want {
			t.Errorf("localName(%q) = %q, want %q", in, got, want)
		}
	}
}
