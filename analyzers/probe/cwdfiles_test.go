package probe

import (
	"slices"
	"strings"
	"testing"

	"github.com/staterootlint/staterootlint/analyzers/inventory"
)

// TestCwdFileCommands attaches the commands that reach each candidate's
// write, from the inventory's per-command rows, and renders them: one
// command, every command, none, and the command whose library writes
// below the directory the candidate names.
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
		`["cwd:x"]  # written at other.go:1 by none of the program's 3 commands (another program's, or dead code?); not read back`,
	} {
		if !strings.Contains(b.String(), want) {
			t.Errorf("lacks %q:\n%s", want, b.String())
		}
	}
}

// TestCwdFileCommandsBelow: a command whose library writes files below
// the directory the candidate names reaches it; one writing a name that
// only starts like it does not.
func TestCwdFileCommandsBelow(t *testing.T) {
	var w commandWrites
	w.collect("cmd", &inventory.Result{Artifacts: []inventory.Artifact{
		{Kind: inventory.KindCommand, Command: "docs", At: "cmd/docs.go:14"},
		{Kind: inventory.KindCommand, Command: "man", At: "cmd/man.go:14"},
		{Kind: "unknown", Command: "docs", At: "doc/md_docs.go:145", Func: "cmd.docs", Chain: []string{"doc.GenTree"}, Pattern: `cwd:"site/cli/*.md" relative to the working directory`},
		{Kind: "unknown", Command: "man", At: "doc/man_docs.go:40", Func: "cmd.docs", Chain: []string{"doc.GenTree"}, Pattern: `cwd:"site/clinic.md" relative to the working directory`},
	}})
	fs := w.attach([]CwdFile{{Pattern: "cwd:site/cli", Func: "example.com/a/cmd.docs", At: "cmd/docs.go:24"}})
	if !slices.Equal(fs[0].Commands, []string{"docs"}) {
		t.Errorf("docs: %v, want [docs]", fs[0].Commands)
	}
}

// TestCwdFileUnfollowed: a candidate no command is found reaching names
// the commands whose entry makes a call the analysis cannot follow,
// which may reach it; a command whose calls it follows is not named.
func TestCwdFileUnfollowed(t *testing.T) {
	var w commandWrites
	w.collect("cmd", &inventory.Result{Artifacts: []inventory.Artifact{
		{Kind: inventory.KindCommand, Command: "build", At: "cmd/build.go:49"},
		{Kind: inventory.KindCommand, Command: "docs", At: "cmd/docs.go:14"},
		{Kind: inventory.KindUnproven, Command: "build", At: "cmd/build.go:65", Func: "cmd.newBuildCmd", Pattern: inventory.PatternUnproven},
		{Kind: inventory.KindUnproven, Command: "docs", At: "doc/md_docs.go:90", Func: "cmd.newDocsCmd", Chain: []string{"doc.GenTree"}, Pattern: inventory.PatternUnproven},
	}})
	fs := w.attach([]CwdFile{{Pattern: "cwd:dist", Func: "(example.com/a/dist.Pipe).Default", At: "dist/dist.go:32"}})
	if len(fs[0].Commands) != 0 || !slices.Equal(fs[0].Unfollowed, []string{"build"}) {
		t.Errorf("dist: commands %v, unfollowed %v, want none and [build]", fs[0].Commands, fs[0].Unfollowed)
	}
	var b strings.Builder
	writeCwdFiles(&b, fs)
	if want := `["cwd:dist"]  # written at dist/dist.go:32 by no command the analysis follows to it (it does not follow the calls of build); not read back`; !strings.Contains(b.String(), want) {
		t.Errorf("lacks %q:\n%s", want, b.String())
	}
}

// TestCwdFileNoCommand: in a program with no command recognised, a
// candidate says how to name one.
func TestCwdFileNoCommand(t *testing.T) {
	var w commandWrites
	fs := w.attach([]CwdFile{{Pattern: "cwd:en.json", Func: "example.com/a/cmd/i18n.main", At: "cmd/i18n/main.go:22"}})
	var b strings.Builder
	writeCwdFiles(&b, fs)
	if want := `["cwd:en.json"]  # written at cmd/i18n/main.go:22 (no command recognised: //staterootlint:command NAME on a function names one); not read back`; !strings.Contains(b.String(), want) {
		t.Errorf("lacks %q:\n%s", want, b.String())
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

// TestFixedName: a candidate's pattern fixes part of a file's name; a
// temporary file's "*", stdout's "-" and the home's "~" (a value the
// program expands or prints to, reported where the engine takes it for
// a relative name) are no file it writes where it runs.
func TestFixedName(t *testing.T) {
	for pattern, want := range map[string]bool{
		"cwd:app.toml":    true,
		"cwd:cpu-*.pprof": true,
		"cwd:www/docs":    true,
		"exe":             true,
		"cwd:*":           false,
		"cwd:*/*":         false,
		"cwd:-":           false,
		"cwd:~":           false,
		"cwd:~/x":         false,
	} {
		if got := fixedName(pattern); got != want {
			t.Errorf("fixedName(%q) = %v, want %v", pattern, got, want)
		}
	}
}
