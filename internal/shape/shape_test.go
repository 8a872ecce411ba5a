package shape

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/staterootlint/staterootlint/analyzers/inventory"
)

func art(pattern, kind, op, at, fn string, chain ...string) inventory.Artifact {
	return inventory.Artifact{Pattern: pattern, Kind: kind, Op: op, At: at, Func: fn, Chain: chain}
}

var sample = []inventory.Artifact{
	art("repo", "repo", "os.MkdirAll", "a.go:1", "app.init"),
	art("repo:logs/*.log", "repo", "os.Create", "log.go:9", "app.run", "logs.Open"),
	art("repo:logs/*.log", "repo", "os.Remove", "log.go:20", "app.gc", "logs.Prune"),
	art("global:cache/x.json", "global", "os.WriteFile", "c.go:3", "app.check"),
	art("mykind:db", "mykind", "os.WriteFile", "d.go:4", "app.save"),
	art("devnull", "devnull", "os.WriteFile", "n.go:1", "app.quiet"),
	art("temp:*", "temp", "os.MkdirTemp", "t.go:2", "app.scratch"),
	art("user", "user", "os.WriteFile", "u.go:7", "app.report"),
	{Pattern: "unknown", Kind: "unknown", Op: "os.WriteFile", At: "b.go:10", Func: "app.legacy", Detail: `the fixed path "/var/x"`},
	{Pattern: "unknown", Kind: "unknown", Op: "os.WriteFile", At: "b.go:9", Func: "app.legacy", Detail: "a path from $HOME"},
	{Pattern: "unproven", Kind: "unproven", At: "p.go:5", Func: "app.plugin", Detail: "a call through a func value with a path the analysis cannot follow"},
}

func TestBuild(t *testing.T) {
	v := Build(sample)
	var kinds []string
	for _, tr := range v.Trees {
		kinds = append(kinds, tr.Kind)
	}
	// The contract's roots first, then temp and user, custom kinds, and
	// os.DevNull last.
	if want := []string{"repo", "global", "temp", "user", "mykind", "devnull"}; !slices.Equal(kinds, want) {
		t.Errorf("tree kinds = %v, want %v", kinds, want)
	}
	logs := v.Trees[0].Root.Children[0]
	if logs.Name != "logs" || logs.Pattern != "repo:logs" || !logs.Implied() || !logs.Dir() {
		t.Errorf("repo's first child = %+v, want the implied directory logs", logs)
	}
	if leaf := logs.Children[0]; leaf.Pattern != "repo:logs/*.log" || len(leaf.Writes) != 2 || leaf.Writes[0].Func != "logs.Open" {
		t.Errorf("logs' child = %+v, want *.log written by logs.Open and logs.Prune", leaf)
	}
	if len(v.Shadow) != 2 || v.Shadow[0].At != "b.go:9" {
		t.Errorf("shadow = %v, want the two unknown writes by line", v.Shadow)
	}
	if len(v.Unproven) != 1 {
		t.Errorf("unproven = %v, want one", v.Unproven)
	}
}

// TestLeavesAreRows: the trees' writes are the table's rows, less the
// shadow and unproven ones, which have their own sections.
func TestLeavesAreRows(t *testing.T) {
	v := Build(sample)
	key := func(a inventory.Artifact) string { return a.Pattern + "|" + a.Op + "|" + a.At }
	var got, want []string
	for _, a := range v.Leaves() {
		got = append(got, key(a))
	}
	for _, a := range sample {
		if a.Kind != inventory.KindUnknown && a.Kind != inventory.KindUnproven {
			want = append(want, key(a))
		}
	}
	slices.Sort(got)
	slices.Sort(want)
	if !slices.Equal(got, want) {
		t.Errorf("leaves:\n%s\nwant rows:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

func TestWriteTree(t *testing.T) {
	var b strings.Builder
	if err := WriteTree(&b, Build(sample), 60); err != nil {
		t.Fatal(err)
	}
	want := `repo/      # app.init: os.MkdirAll
  logs/
    *.log  # logs.Open: os.Create; logs.Prune: os.Remove

global/
  cache/
    x.json  # app.check: os.WriteFile

temp/
  */   # app.scratch: os.MkdirTemp

user  # app.report: os.WriteFile

mykind/
  db     # app.save: os.WriteFile

devnull  # app.quiet: os.WriteFile

shadow writes:
  b.go:9: os.WriteFile a path from $HOME (app.legacy)
  b.go:10: os.WriteFile the fixed path "/var/x" (app.legacy)

unproven writes:
  p.go:5: a call through a func value with a path the
      analysis cannot follow (app.plugin)
`
	if b.String() != want {
		t.Errorf("WriteTree:\n%s\nwant:\n%s", b.String(), want)
	}
}

func TestWrapComments(t *testing.T) {
	arts := []inventory.Artifact{
		art("repo:a", "repo", "os.WriteFile", "a.go:1", "pkg.first"),
		art("repo:a", "repo", "os.Remove", "a.go:2", "pkg.second"),
		art("repo:a", "repo", "os.Rename", "a.go:3", "pkg.third"),
	}
	var b strings.Builder
	WriteTree(&b, Build(arts), 50)
	want := `repo/
  a    # pkg.first: os.WriteFile; pkg.second:
       #   os.Remove; pkg.third: os.Rename
`
	if b.String() != want {
		t.Errorf("wrapped at 50:\n%s\nwant:\n%s", b.String(), want)
	}
	for _, l := range strings.Split(strings.TrimSuffix(b.String(), "\n"), "\n") {
		if len(l) > 50 {
			t.Errorf("line longer than 50: %q", l)
		}
	}
}

func TestWrap(t *testing.T) {
	for _, c := range []struct {
		s     string
		width int
		want  []string
	}{
		{"a b c", 10, []string{"a b c"}},
		{"aaaa bbbb cccc", 9, []string{"aaaa bbbb", "  cccc"}},
		{"averyveryverylongword x", 5, []string{"averyveryverylongword", "  x"}},
		{"", 10, []string{""}},
	} {
		if got := wrap(c.s, c.width, 2); !slices.Equal(got, c.want) {
			t.Errorf("wrap(%q, %d) = %q, want %q", c.s, c.width, got, c.want)
		}
	}
}

func cmdRows(name string, rows ...inventory.Artifact) []inventory.Artifact {
	out := []inventory.Artifact{{Kind: inventory.KindCommand, Command: name, At: "main.go:1", Func: "main." + name, Detail: inventory.ViaDirective}}
	for _, r := range rows {
		r.Command = name
		out = append(out, r)
	}
	return out
}

func flagged(a inventory.Artifact, flags ...string) inventory.Artifact {
	a.Flags = flags
	return a
}

func TestCommands(t *testing.T) {
	var arts []inventory.Artifact
	arts = append(arts, cmdRows("show", art("temp:*", "temp", "os.MkdirTemp", "t.go:2", "app.scratch"))...)
	arts = append(arts, cmdRows("status",
		flagged(art("user", "user", "os.WriteFile", "u.go:7", "app.report"), "--out"),
		flagged(art("repo:cache", "repo", "os.WriteFile", "u.go:9", "app.report"), "--refresh"))...)
	arts = append(arts, cmdRows("run", art("repo:runs.db", "repo", "os.WriteFile", "r.go:1", "app.run"),
		inventory.Artifact{Pattern: "unproven", Kind: "unproven", At: "p.go:5", Func: "app.run", Detail: "a call"})...)
	arts = append(arts, sample...) // the table's rows are not a command's
	cmds := Commands(arts)
	var names []string
	for _, c := range cmds {
		names = append(names, c.Name)
	}
	if !slices.Equal(names, []string{"run", "show", "status"}) {
		t.Fatalf("commands = %v", names)
	}
	run, show, status := cmds[0], cmds[1], cmds[2]
	if run.ReadOnly() || run.ReadOnlyWithout() != nil {
		t.Errorf("run is read-only (%v), but writes runs.db", run.ReadOnlyWithout())
	}
	if !show.ReadOnly() {
		t.Errorf("show is not read-only, but writes only a temporary directory")
	}
	if status.ReadOnly() || !slices.Equal(status.ReadOnlyWithout(), []string{"--out", "--refresh"}) {
		t.Errorf("status: read-only %v, without %v; want read-only without --out, --refresh", status.ReadOnly(), status.ReadOnlyWithout())
	}
	// A command that calls what the analysis cannot follow is not
	// read-only, even with no other write.
	unproven := Commands(cmdRows("hook", inventory.Artifact{Pattern: "unproven", Kind: "unproven", At: "p.go:5", Func: "app.hook", Detail: "a call"}))
	if unproven[0].ReadOnly() || unproven[0].Status() != StatusUnfollowed {
		t.Errorf("a command with an unproven call: read-only %v, status %q; want %q", unproven[0].ReadOnly(), unproven[0].Status(), StatusUnfollowed)
	}
	// Nor is one whose only writes need a flag and one of them cannot be
	// followed: what it writes with the flag is not known.
	flaggedUnproven := Commands(cmdRows("hook", flagged(inventory.Artifact{Pattern: "unproven", Kind: "unproven", At: "p.go:5", Func: "app.hook", Detail: "a call"}, "--to")))
	if got := flaggedUnproven[0].Status(); got != StatusUnfollowed {
		t.Errorf("a command with an unproven write under --to: status %q; want %q", got, StatusUnfollowed)
	}

	var b strings.Builder
	WriteCommands(&b, cmds, 100)
	want := `command run (//staterootlint:command directive at main.go:1, main.run): writes not followed
  repo/
    runs.db  # app.run: os.WriteFile

  unproven writes:
    p.go:5: a call (app.run)

command show (//staterootlint:command directive at main.go:1, main.show): read-only

command status (//staterootlint:command directive at main.go:1, main.status): read-only without --out, --refresh
  repo/
    cache  # app.report: os.WriteFile only with --refresh

  user  # app.report: os.WriteFile only with --out
`
	if b.String() != want {
		t.Errorf("WriteCommands:\n%s\nwant:\n%s", b.String(), want)
	}
	b.Reset()
	WriteCommands(&b, nil, 100)
	if !strings.Contains(b.String(), "//staterootlint:command NAME") {
		t.Errorf("no commands: %q; want how to declare one", b.String())
	}
}

func TestMermaid(t *testing.T) {
	arts := append(slices.Clone(sample), cmdRows("show")...)
	arts = append(arts, cmdRows("status", flagged(art("user", "user", "os.WriteFile", "u.go:7", "app.report"), "--out"))...)
	arts = append(arts, cmdRows("sync", inventory.Artifact{Pattern: "unproven", Kind: "unproven", At: "s.go:3", Func: "app.sync", Detail: "a call"})...)
	var b strings.Builder
	if err := WriteMermaid(&b, Build(arts), Commands(arts)); err != nil {
		t.Fatal(err)
	}
	got := b.String()
	for _, want := range []string{
		"flowchart LR\n",
		"  %% not drawn: 2 shadow writes and 1 unproven write",
		`  subgraph k0["repo"]`,
		`    n0("repo")`,
		`    n1("repo:logs")`,
		`    n2["repo:logs/*.log"]`,
		"    n0 --> n1\n    n1 --> n2\n",
		`  c0(["show (read-only)"]):::command`,
		`  c1(["status (read-only without --out)"]):::command`,
		`  c2(["sync (writes not followed)"]):::command`,
		`  c1 -.->|"--out"| `,
		"  class n1,",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("mermaid lacks %q:\n%s", want, got)
		}
	}
	if strings.Contains(got, "unknown") || strings.Contains(got, "/var/x") {
		t.Errorf("mermaid draws shadow writes:\n%s", got)
	}
	if got := label(`a "b" <c> #1`); got != `"a #quot;b#quot; #lt;c#gt; #35;1"` {
		t.Errorf("label = %s", got)
	}
}

func TestDiagram(t *testing.T) {
	doc := "# x\n\n" + BeginMarker + "\n```mermaid\nold\n```\n" + EndMarker + "\ntail\n"
	d, err := FindDiagram([]byte(doc))
	if err != nil {
		t.Fatal(err)
	}
	if d.Line != 3 || d.ByCommand {
		t.Errorf("diagram = %+v, want line 3, not by command", d)
	}
	if d.Current([]byte(doc), "new\n") || !d.Current([]byte(doc), "old\n") {
		t.Errorf("Current is wrong")
	}
	got := string(d.Replace([]byte(doc), "flowchart LR\n"))
	if want := "# x\n\n" + BeginMarker + "\n```mermaid\nflowchart LR\n```\n" + EndMarker + "\ntail\n"; got != want {
		t.Errorf("Replace = %q, want %q", got, want)
	}
	if d, err := FindDiagram([]byte("<!-- staterootlint:diagram by-command -->\n" + EndMarker + "\n")); err != nil || !d.ByCommand || d.Start != d.End {
		t.Errorf("by-command, empty: %+v, %v", d, err)
	}
	for doc, want := range map[string]string{
		"no markers\n":                              "no diagram markers; add the lines " + BeginMarker,
		BeginMarker + "\nx\n":                       "line 1: the diagram has no end marker; add the line " + EndMarker,
		"x\n" + EndMarker + "\n":                    "line 2: the diagram's end marker has no begin marker",
		"<!-- staterootlint:diagram sideways -->\n": `line 1: unknown diagram option "sideways"; valid: by-command`,
		BeginMarker + "\n" + BeginMarker + "\n":     "line 2: a second diagram begins before the one at line 1 ends",
	} {
		_, err := FindDiagram([]byte(doc))
		var me *MarkersError
		if !errors.As(err, &me) || !strings.HasPrefix(err.Error(), want) {
			t.Errorf("FindDiagram(%q) = %v, want %q...", doc, err, want)
		}
	}
}

// TestDocument reads a contract document, brings its diagram up to date
// once, and reports a missing file as fs.ErrNotExist.
func TestDocument(t *testing.T) {
	path := filepath.Join(t.TempDir(), "STATE_ROOTS.md")
	if err := os.WriteFile(path, []byte("# x\n"+BeginMarker+"\n```mermaid\nold\n```\n"+EndMarker+"\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	doc, err := ReadDocument(path)
	if err != nil {
		t.Fatal(err)
	}
	if doc.Current(sample) {
		t.Errorf("an old diagram is current")
	}
	if changed, err := doc.Update(sample); !changed || err != nil {
		t.Fatalf("Update = %v, %v", changed, err)
	}
	if doc, err = ReadDocument(path); err != nil || !doc.Current(sample) {
		t.Errorf("after Update: current %v, %v", err == nil && doc.Current(sample), err)
	}
	if changed, err := doc.Update(sample); changed || err != nil {
		t.Errorf("Update of a current diagram = %v, %v", changed, err)
	}
	if fi, _ := os.Stat(path); fi.Mode().Perm() != 0o600 {
		t.Errorf("Update changed the permissions to %v", fi.Mode().Perm())
	}
	if _, err := ReadDocument(path + ".missing"); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("ReadDocument of a missing file: %v", err)
	}
}
